import { ComingSoon } from '../../components/ComingSoon';

export function HolidayCreatePage() {
  return <ComingSoon title="admin.menu.holiday" />;
}
