/**
 * Where a signed-in technician starts (kept free of imports: the tests load it under Node). On a working day the
 * work is today's visits; once they are all done, or on a day without any, it is the next day's planner.
 */
import type { VisitStage } from './today/visit-change.js';

export const TODAY_PATH = '/technician/today';
export const PLANNER_PATH = '/technician/manage';

export function landingPath({
  todayStages,
  waitingTaps,
}: {
  /** The stage of each of today's visits (null: not started); null when today could not be read. */
  todayStages: readonly (VisitStage | null)[] | null;
  /** Status taps of this technician still waiting on the phone: today's page sends them and shows how they fared. */
  waitingTaps: number;
}): typeof TODAY_PATH | typeof PLANNER_PATH {
  if (waitingTaps > 0) return TODAY_PATH;
  return todayStages?.some((stage) => stage !== 'FINISHED') ? TODAY_PATH : PLANNER_PATH;
}
