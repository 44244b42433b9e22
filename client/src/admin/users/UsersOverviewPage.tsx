import { ComingSoon } from '../../components/ComingSoon';

export function UsersOverviewPage() {
  return <ComingSoon title="admin.menu.users" />;
}
