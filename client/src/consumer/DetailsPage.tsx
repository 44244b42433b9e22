import { ComingSoon } from '../components/ComingSoon';

export function DetailsPage() {
  return <ComingSoon title="consumer.title" />;
}
