import { ComingSoon } from '../../components/ComingSoon';

export function MigratePage() {
  return <ComingSoon title="admin.menu.migrate" />;
}
