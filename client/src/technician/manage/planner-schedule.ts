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
    orders {
      id
      appointment
      duration
      name
      zipcode
      city
      flag
      reply {
        answer
        accessNote
      }
    }
  }
`);

export type PlannerSchedule = PlannerScheduleFragment;
export type ScheduleOrder = PlannerSchedule['orders'][number];
