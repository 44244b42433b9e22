import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';

/** At most one announcement this often: a busy morning must not read out every tap of every technician. */
const ANNOUNCE_EVERY_MS = 10_000;

/**
 * The text of a polite live region, changed sparingly: the first change is said at once, the ones that follow
 * within the next 10 s are said together as one ("3 changes on the board; the last: ...").
 */
export function useSparingAnnouncer(): [string, (text: string) => void] {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const pending = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSaid = useRef(0);
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const flush = useCallback(() => {
    timer.current = null;
    const said = pending.current;
    pending.current = [];
    if (said.length === 0) return;
    lastSaid.current = Date.now();
    setText(
      said.length === 1
        ? said[0]
        : translate.current('admin.board.announceMany', { count: said.length, last: said[said.length - 1] }),
    );
  }, []);

  const announce = useCallback(
    (next: string) => {
      pending.current.push(next);
      if (timer.current) return;
      const wait = Math.max(0, lastSaid.current + ANNOUNCE_EVERY_MS - Date.now());
      timer.current = setTimeout(flush, wait);
    },
    [flush],
  );
  return [text, announce];
}
