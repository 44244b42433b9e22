import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/**
 * A status or error text. Always rendered (empty when there is nothing to say), so screen readers
 * announce the text when it appears in the live region.
 */
export function Message({ tone, children, id }: { tone: Tone; children?: ReactNode; id?: string }) {
  const urgent = tone === 'error';
  return (
    <div
      id={id}
      className={children ? `message message-${tone}` : 'message message-empty'}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
    >
      {children}
    </div>
  );
}
