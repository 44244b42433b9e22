import { StaffPasskeys } from '../staff/passkeys/StaffPasskeys';
import { Link } from 'react-router-dom';
import { SecondFactorSettings } from '../staff/SecondFactorSettings';
import { StaffDevices } from '../staff/StaffDevices';
import { useI18n } from '../i18n/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { signOutTechnician } from './offline/technician-storage';

/** devices: where this technician (or the admin acting as one) is signed in, each device to sign out. */
export function DevicesPage() {
  const { t } = useI18n();
  usePageTitle(t('staff.devices.title'));
  return (
    <section className="technician-devices">
      <div className="page-header">
        <h1>{t('staff.devices.title')}</h1>
        <Link className="button button-secondary" to="/technician">
          {t('common.back')}
        </Link>
      </div>
      <StaffDevices loginPath="/technician/login" signOut={signOutTechnician} />
      <SecondFactorSettings />
      <StaffPasskeys />
    </section>
  );
}
