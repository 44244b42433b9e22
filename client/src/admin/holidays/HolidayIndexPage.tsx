import { ComingSoon } from '../../components/ComingSoon';

export function HolidayIndexPage() {
  return <ComingSoon title="admin.menu.holiday" />;
}
