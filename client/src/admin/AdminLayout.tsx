import { Outlet } from 'react-router-dom';
import { LogoutButton } from '../components/LogoutButton';
import { StaffShell } from '../components/StaffShell';
import { useI18n } from '../i18n/i18n';

/** Guarded admin pages: the 'Uitloggen' button in the header of every page. */
export function SignedInLayout() {
  const { t } = useI18n();
  return (
    <StaffShell title={t('admin.title')} actions={<LogoutButton to="/admin/login" />}>
      <Outlet />
    </StaffShell>
  );
}

/** Login, forgot and new password: the same frame without the button. */
export function GuestLayout() {
  const { t } = useI18n();
  return (
    <StaffShell title={t('admin.title')}>
      <Outlet />
    </StaffShell>
  );
}
