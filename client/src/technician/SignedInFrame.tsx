import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { removeToken } from '../lib/storage';
import { forgetDayCopies } from './offline/technician-storage';
import { registerTechnicianServiceWorker } from './offline/register-service-worker';

const CurrentTechnicianQuery = graphql(`
  query CurrentTechnician {
    currentTechnician {
      firstname
      lastname
      actingAdminName
    }
  }
`);

const MANIFEST_URL = '/technician.webmanifest';

/** Offers the technician area as an app to install, and keeps it usable offline (only this area does). */
function useInstallableApp() {
  useEffect(() => {
    if (!document.querySelector(`link[rel="manifest"][href="${MANIFEST_URL}"]`)) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = MANIFEST_URL;
      document.head.append(link);
    }
    void registerTechnicianServiceWorker();
  }, []);
}

/**
 * The signed-in technician's frame: who is acting (when an admin works as the technician), the page, and the two
 * views of the day (today, visit by visit, and the next working day's planner) as a tab bar fixed at the bottom,
 * where the thumb is. It comes after the page in the document too, so the keyboard meets it in the order seen.
 */
export function SignedInFrame() {
  const { t } = useI18n();
  const navigate = useNavigate();
  useInstallableApp();
  const { data } = useQuery(CurrentTechnicianQuery);
  const current = data?.currentTechnician;

  const backToAdmin = () => {
    // Only the technician's session goes, with the copies of its day: the admin stays signed in.
    forgetDayCopies();
    removeToken('technician');
    void navigate('/admin/technicians');
  };

  return (
    <div className="technician-frame">
      {current?.actingAdminName && (
        <div className="acting-as-bar" role="region" aria-label={t('technician.actingAs.label')}>
          <p>
            {t('technician.actingAs.text', {
              technician: `${current.firstname} ${current.lastname}`,
              admin: current.actingAdminName,
            })}
          </p>
          <button type="button" className="button button-secondary" onClick={backToAdmin}>
            {t('technician.actingAs.back')}
          </button>
        </div>
      )}
      <Outlet />
      <nav className="technician-tabs" aria-label={t('technician.nav.label')}>
        <NavLink to="/technician/today">{t('technician.nav.today')}</NavLink>
        <NavLink to="/technician/manage">{t('technician.nav.planner')}</NavLink>
      </nav>
    </div>
  );
}
