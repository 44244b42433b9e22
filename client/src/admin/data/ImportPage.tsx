import { ComingSoon } from '../../components/ComingSoon';

export function ImportPage() {
  return <ComingSoon title="admin.menu.import" />;
}
