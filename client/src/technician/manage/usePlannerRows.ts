import { useCallback, useState } from 'react';
import { hourIn } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { rowsOf, sortByHour, withHour, type PlannerRow } from './planner';
import type { ScheduleOrder } from './planner-schedule';

export type Row = PlannerRow<ScheduleOrder>;
export type Notice = { tone: 'error' | 'success' | 'info'; text: string };

/**
 * The planner's rows as the technician edits them, the rows as loaded (what "Herstel" goes back to), and the notice
 * under them. Hours change nothing in the order until "Sorteer op tijdvak", a move or the confirm.
 */
export function usePlannerRows(orders: readonly ScheduleOrder[]) {
  const i18n = useI18n();
  const hourOf = useCallback((instant: Date) => hourIn(instant, i18n), [i18n]);
  const [loaded, setLoaded] = useState<Row[]>(() => rowsOf(orders, hourOf));
  const [rows, setRows] = useState<Row[]>(loaded);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** A change of the rows makes earlier warnings untrue: they go with it. A success stays. */
  const edit = (next: Row[]) => {
    setRows(next);
    if (notice?.tone !== 'success') setNotice(null);
  };

  /** The day as the server confirmed it: the new starting point for both the rows and "Herstel". */
  const replaceWithConfirmed = (confirmed: readonly ScheduleOrder[]) => {
    const confirmedRows = rowsOf(confirmed, hourOf);
    setLoaded(confirmedRows);
    setRows(confirmedRows);
  };

  return {
    rows,
    setRows,
    notice,
    setNotice,
    edit,
    setHour: (id: number, hour: number) => edit(withHour(rows, id, hour)),
    reset: () => edit(loaded),
    sort: () => edit(sortByHour(rows)),
    replaceWithConfirmed,
  };
}
