import { ComingSoon } from '../../components/ComingSoon';

export function UserEditPage() {
  return <ComingSoon title="admin.menu.users" />;
}
