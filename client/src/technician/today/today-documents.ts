import { graphql } from '../../gql';
import type { TechnicianTodayPageQuery as TodayPageData, VisitCard_OrderFragment } from '../../gql/graphql';

/** @public What a visit card reads: the order card and the visit's status (codegen reads it). */
export const VisitCardFragment = graphql(`
  fragment VisitCard_order on ScheduleOrder {
    ...OrderCard_order
    ...PreviousVisitRecord_order
    status {
      stage
      expectedArrival
      onTheWayAt
      arrivedAt
      finishedAt
      outcome
      note
      updatedAt
    }
  }
`);

export const TechnicianTodayPageQuery = graphql(`
  query TechnicianTodayPage {
    serverInfo {
      now
    }
    technicianToday {
      date
      orders {
        ...VisitCard_order
      }
    }
  }
`);

export const SetVisitStatusMutation = graphql(`
  mutation SetVisitStatus($input: SetVisitStatusInput!) {
    setVisitStatus(input: $input) {
      ...VisitCard_order
    }
  }
`);

export const UndoVisitStatusMutation = graphql(`
  mutation UndoVisitStatus($input: UndoVisitStatusInput!) {
    undoVisitStatus(input: $input) {
      ...VisitCard_order
    }
  }
`);

export type TodayData = TodayPageData;
export type VisitCardOrder = VisitCard_OrderFragment;
