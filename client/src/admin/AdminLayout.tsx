import type { ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { clearStorage } from '../lib/storage';

/** Signs out: clears all local storage (as the legacy portal did) and goes to the admin login. */
export function LogoutButton() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button-ghost"
      onClick={() => {
        clearStorage();
        navigate('/admin/login', { replace: true });
      }}
    >
      {t('common.logout')}
    </button>
  );
}

/** Frame of the admin area; guarded pages get the 'Uitloggen' button in the header. */
export function AdminFrame({ children, signedIn }: { children: ReactNode; signedIn: boolean }) {
  const { t } = useI18n();
  return (
    <div className="staff-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="staff-header">
        <div className="logo">
          <span className="brand-mark" aria-hidden="true" />
          <span className="logo-text">{t('admin.title')}</span>
        </div>
        {signedIn && <LogoutButton />}
      </header>
      <main id="main" className="staff-main">
        {children}
      </main>
    </div>
  );
}

export function SignedInLayout() {
  return (
    <AdminFrame signedIn>
      <Outlet />
    </AdminFrame>
  );
}

export function GuestLayout() {
  return (
    <AdminFrame signedIn={false}>
      <Outlet />
    </AdminFrame>
  );
}
