import { ComingSoon } from '../components/ComingSoon';

export function IndexPage() {
  return <ComingSoon title="consumer.title" />;
}
