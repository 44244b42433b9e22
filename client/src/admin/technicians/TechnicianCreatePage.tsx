import { ComingSoon } from '../../components/ComingSoon';

export function TechnicianCreatePage() {
  return <ComingSoon title="admin.menu.technicians" />;
}
