import { PlannerActions } from './PlannerActions';
import { PlannerBanners } from './PlannerBanners';
import { PlannerHeader } from './PlannerHeader';
import { PlannerList } from './PlannerList';
import type { PlannerSchedule } from './planner-schedule';
import { usePlannerConfirm } from './usePlannerConfirm';
import { usePlannerMove } from './usePlannerMove';
import { usePlannerRows } from './usePlannerRows';

/**
 * The loaded planner (docs/rules.md, Planner day). Editable while the day has orders and is not locked; hours
 * change nothing in the order until "Sorteer op tijdvak", a move or the confirm. Failed confirms keep the edits.
 * The day's sum (orders, first start, last end, confirmed or not) stands on top; the confirm stays in view at the
 * bottom and asks in the page, saying what it locks.
 */
export function Planner({
  schedule,
  serverNow,
  offlineSavedAt,
}: {
  schedule: PlannerSchedule;
  serverNow: Date;
  /** Set when the planner shows the copy kept on the phone: read-only, with the time it was loaded. */
  offlineSavedAt?: string;
}) {
  const edits = usePlannerRows(schedule.orders);
  const { listRef, announcement, moveRow, swapDialog } = usePlannerMove(edits.rows, edits.edit);
  const { confirmedAt, confirming, confirmDay, confirmDialog, noticeRef } = usePlannerConfirm(schedule, edits);
  const locked = confirmedAt !== null || offlineSavedAt !== undefined;
  return (
    <section className="planner" aria-labelledby="planner-greeting">
      <PlannerHeader date={schedule.date} rows={edits.rows} serverNow={serverNow} confirmed={confirmedAt !== null} />
      <PlannerBanners offlineSavedAt={offlineSavedAt} confirmedAt={confirmedAt} />
      <PlannerList
        ref={listRef}
        date={schedule.date}
        rows={edits.rows}
        locked={locked}
        busy={confirming}
        announcement={announcement}
        onHour={edits.setHour}
        onMove={(id, direction) => void moveRow(id, direction)}
      />
      <PlannerActions
        editable={!locked && edits.rows.length > 0}
        confirming={confirming}
        notice={edits.notice}
        noticeRef={noticeRef}
        onReset={edits.reset}
        onSort={edits.sort}
        onConfirm={() => void confirmDay()}
      />
      {confirmDialog}
      {swapDialog}
    </section>
  );
}
