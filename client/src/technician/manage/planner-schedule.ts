import { graphql } from '../../gql';
import type { Planner_ScheduleFragment } from '../../gql/graphql';

/**
 * @public What the planner shows of a day: read on opening and again from the confirmation's answer (codegen
 * reads it; the documents spread it).
 */
export const PlannerFragment = graphql(`
  fragment Planner_schedule on TechnicianSchedule {
    date
    locked
    confirmedAt
    windowToldOrderIds
    orders {
      ...OrderCard_order
    }
  }
`);

export type PlannerSchedule = Planner_ScheduleFragment;
export type ScheduleOrder = PlannerSchedule['orders'][number];
