import { graphql } from '../../gql';
import type { PlannerScheduleFragment } from '../../gql/graphql';

/**
 * @public What the planner shows of a day: read on opening and again from the confirmation's answer (codegen
 * reads it; the documents spread it).
 */
export const PLANNER_SCHEDULE = graphql(`
  fragment PlannerSchedule on TechnicianSchedule {
    date
    locked
    confirmedAt
    orders {
      ...OrderCard_order
    }
  }
`);

export type PlannerSchedule = PlannerScheduleFragment;
export type ScheduleOrder = PlannerSchedule['orders'][number];
