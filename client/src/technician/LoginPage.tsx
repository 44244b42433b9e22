import { ComingSoon } from '../components/ComingSoon';

export function LoginPage() {
  return <ComingSoon title="technician.title" />;
}
