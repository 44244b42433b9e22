import { SecondFactorSettings } from '../../staff/SecondFactorSettings';
import { StaffPasskeys } from '../../staff/passkeys/StaffPasskeys';
import { StaffDevices } from '../../staff/StaffDevices';
import { useI18n } from '../../i18n/i18n';
import { clearStorage } from '../../lib/storage';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';

/** devices: where this office account is signed in, each device to sign out (every office role). */
export function DevicesPage() {
  const { t } = useI18n();
  usePageTitle(t('staff.devices.title'));
  return (
    <section>
      <AdminPageHeader title={t('staff.devices.title')} />
      <StaffDevices loginPath="/admin/login" signOut={clearStorage} />
      <SecondFactorSettings />
      <StaffPasskeys />
    </section>
  );
}
