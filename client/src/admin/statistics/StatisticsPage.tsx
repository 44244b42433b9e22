import { ComingSoon } from '../../components/ComingSoon';

export function StatisticsPage() {
  return <ComingSoon title="admin.menu.statistics" />;
}
