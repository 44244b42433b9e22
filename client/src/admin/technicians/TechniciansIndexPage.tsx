import { ComingSoon } from '../../components/ComingSoon';

export function TechniciansIndexPage() {
  return <ComingSoon title="admin.menu.technicians" />;
}
