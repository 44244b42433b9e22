import { useEffect, useRef, useState } from 'react';
import { formatHour } from '../../../../shared/clock-time.js';
import { useConfirm } from '../../components/ConfirmDialog';
import { useI18n } from '../../i18n/i18n';
import { move, swapOf, type Direction } from './planner';
import type { Row } from './usePlannerRows';

/**
 * "−1 uur / +1 uur": moves a row, says where it went (for a screen reader, whose user cannot see the list re-sort),
 * and keeps the keyboard on the pressed button as the row moves in the page. A move onto an hour another visit holds
 * swaps the two: it asks first, naming that customer and their new hour, so no customer is moved unseen.
 */
export function usePlannerMove(rows: Row[], edit: (next: Row[]) => void) {
  const { t, language } = useI18n();
  const [ask, swapDialog] = useConfirm();
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterMove = useRef<{ id: number; direction: Direction } | null>(null);

  // Re-sorting moves the row in the page; keep the keyboard on the button that was pressed, or on
  // its twin when that one just became disabled (at 07:00 or 19:00).
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const button = (direction: Direction) =>
      listRef.current?.querySelector<HTMLButtonElement>(`button[data-order="${pending.id}"][data-move="${direction}"]`);
    const preferred = button(pending.direction);
    const target = preferred && !preferred.disabled ? preferred : button(pending.direction === 'up' ? 'down' : 'up');
    target?.focus();
  }, [rows]);

  const moveRow = async (id: number, direction: Direction) => {
    const swap = swapOf(rows, id, direction);
    if (swap) {
      const agreed = await ask({
        title: t('technician.manage.swapTitle', {
          name: swap.moving.order.name,
          time: formatHour(swap.target, language),
        }),
        body: t('technician.manage.swapBody', {
          name: swap.holder.order.name,
          time: formatHour(swap.moving.hour, language),
        }),
        confirmLabel: t('technician.manage.swapConfirm'),
      });
      if (!agreed) return;
    }
    const next = move(rows, id, direction);
    const index = next.findIndex((row) => row.order.id === id);
    focusAfterMove.current = { id, direction };
    edit(next);
    setAnnouncement(
      t('technician.manage.moved', {
        name: next[index].order.name,
        time: formatHour(next[index].hour, language),
        number: index + 1,
      }),
    );
  };

  return { listRef, announcement, moveRow, swapDialog };
}
