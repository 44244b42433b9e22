import { ComingSoon } from '../components/ComingSoon';

export function ExternalPage() {
  return <ComingSoon title="consumer.title" />;
}
