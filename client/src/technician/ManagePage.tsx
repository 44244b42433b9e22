import { ComingSoon } from '../components/ComingSoon';

export function ManagePage() {
  return <ComingSoon title="technician.title" />;
}
