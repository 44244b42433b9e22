import { ComingSoon } from '../../components/ComingSoon';

export function OrderCreatePage() {
  return <ComingSoon title="admin.menu.createOrder" />;
}
