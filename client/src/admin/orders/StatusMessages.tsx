import { Message } from '../../components/Message';

export type Status = { tone: 'success' | 'error'; text: string } | null;

/** The success and error live regions of a form, always present so screen readers announce changes. */
export function StatusMessages({ status }: { status: Status }) {
  return (
    <div className="status-messages">
      <Message tone="success">{status?.tone === 'success' ? status.text : undefined}</Message>
      <Message tone="error">{status?.tone === 'error' ? status.text : undefined}</Message>
    </div>
  );
}
