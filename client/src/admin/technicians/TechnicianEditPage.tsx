import { ComingSoon } from '../../components/ComingSoon';

export function TechnicianEditPage() {
  return <ComingSoon title="admin.menu.technicians" />;
}
