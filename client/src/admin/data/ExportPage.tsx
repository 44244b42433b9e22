import { ComingSoon } from '../../components/ComingSoon';

export function ExportPage() {
  return <ComingSoon title="admin.menu.export" />;
}
