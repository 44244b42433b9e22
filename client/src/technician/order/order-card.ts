import { graphql } from '../../gql';
import type { OrderCard_OrderFragment } from '../../gql/graphql';

/**
 * @public What an order card shows: who, where, how to reach them, and what they told us. The planner and
 * today's list spread it (codegen reads it).
 */
export const OrderCardFragment = graphql(`
  fragment OrderCard_order on ScheduleOrder {
    id
    appointment
    duration
    name
    zipcode
    street
    houseNumber
    houseNumberAddition
    city
    country
    phone
    special
    externalPartner
    reply {
      answer
      accessNote
    }
  }
`);

export type OrderCardOrder = OrderCard_OrderFragment;
