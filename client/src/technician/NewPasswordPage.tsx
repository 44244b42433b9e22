import { ComingSoon } from '../components/ComingSoon';

export function NewPasswordPage() {
  return <ComingSoon title="technician.title" />;
}
