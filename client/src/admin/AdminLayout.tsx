import { Outlet } from 'react-router-dom';
import { StaffShell } from '../components/StaffShell';
import { useI18n } from '../i18n/i18n';
import { ConsoleShell } from './console/ConsoleShell';

/** Guarded admin pages: the console (navigation, the signed-in admin, sign-out) around every page. */
export function SignedInLayout() {
  return (
    <ConsoleShell>
      <Outlet />
    </ConsoleShell>
  );
}

/** Login, forgot and new password: the plain staff frame, no navigation. */
export function GuestLayout() {
  const { t } = useI18n();
  return (
    <StaffShell title={t('admin.title')}>
      <Outlet />
    </StaffShell>
  );
}
