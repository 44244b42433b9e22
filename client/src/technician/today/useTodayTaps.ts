import { useEffect, useRef, useState } from 'react';
import { useWaitingTaps } from './useWaitingTaps';
import type { StatusChange } from './visit-change';

/**
 * The page's side of the status taps: they are sent (or wait) through the phone's queue; the page remembers which
 * visits it stepped back, and moves the keyboard and the view to what a tap changed.
 */
export function useTodayTaps(reload: () => void) {
  const { waiting, refused, tap } = useWaitingTaps({ onSent: reload });
  // A step back is allowed once until the next step forward (the server holds the same rule); the server's status
  // does not say which came last, so the page remembers its own taps.
  const [steppedBack, setSteppedBack] = useState<ReadonlySet<number>>(new Set());
  // The tapped card's status, once the tap shows: the pressed button is gone or moved (a finished visit folds away).
  const focusAfterTap = useRef<number | null>(null);
  const listsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const orderId = focusAfterTap.current;
    const lists = listsRef.current;
    if (orderId === null || !lists) return;
    focusAfterTap.current = null;
    const status = lists.querySelector<HTMLElement>(`[data-order="${orderId}"] [data-status]`);
    if (status?.checkVisibility()) return status.focus();
    // Folded away: on to the next stop, or to the line that holds the finished visits.
    (
      lists.querySelector<HTMLElement>('.is-next [data-status]') ?? lists.querySelector<HTMLElement>('[aria-expanded]')
    )?.focus();
  });
  useEffect(() => {
    // A refusal shows on its card, which the status may have moved: bring it into view.
    const [first] = refused;
    if (!first) return;
    listsRef.current
      ?.querySelector(`[data-order="${first.orderId}"] [data-feedback]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [refused]);

  const tapAndRemember = (change: StatusChange) => {
    focusAfterTap.current = change.orderId;
    setSteppedBack((previous) => {
      const next = new Set(previous);
      if (change.kind === 'undo') next.add(change.orderId);
      else next.delete(change.orderId);
      return next;
    });
    tap(change);
  };

  return { waiting, refused, steppedBack, listsRef, tap: tapAndRemember };
}
