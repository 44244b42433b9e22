import { ComingSoon } from '../../components/ComingSoon';

export function OrderManagePage() {
  return <ComingSoon title="admin.menu.manageOrders" />;
}
