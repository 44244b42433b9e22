import { ComingSoon } from '../../components/ComingSoon';

export function ForgotPage() {
  return <ComingSoon title="admin.title" />;
}
