import { ComingSoon } from '../../components/ComingSoon';

export function UserCreatePage() {
  return <ComingSoon title="admin.menu.users" />;
}
