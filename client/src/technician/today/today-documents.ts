import { graphql } from '../../gql';
import type { TechnicianTodayPageQuery, VisitCard_OrderFragment } from '../../gql/graphql';

/** @public What a visit card reads: the order card and the visit's status (codegen reads it). */
export const VISIT_CARD_FRAGMENT = graphql(`
  fragment VisitCard_order on ScheduleOrder {
    ...OrderCard_order
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

export const TECHNICIAN_TODAY_PAGE = graphql(`
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

export const SET_VISIT_STATUS = graphql(`
  mutation SetVisitStatus($input: SetVisitStatusInput!) {
    setVisitStatus(input: $input) {
      ...VisitCard_order
    }
  }
`);

export const UNDO_VISIT_STATUS = graphql(`
  mutation UndoVisitStatus($input: UndoVisitStatusInput!) {
    undoVisitStatus(input: $input) {
      ...VisitCard_order
    }
  }
`);

export type TodayData = TechnicianTodayPageQuery;
export type VisitCardOrder = VisitCard_OrderFragment;
