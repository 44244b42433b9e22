import { graphql } from '../../../gql';
import type { OrdersListPageQuery as OrdersListPageData } from '../../../gql/graphql';

/**
 * The rows' fields are written out rather than spread from fragments of the table's parts: each fragment level
 * multiplies the operation's cost (server/common/graphql-cost.ts), and 25 rows with the informed figure would pass
 * the limit.
 */
export const OrdersListPageQuery = graphql(`
  query OrdersListPage($filter: OrderFilterInput, $sort: OrderSortInput, $after: String) {
    orders(filter: $filter, sort: $sort, after: $after, first: 25) {
      totalCount
      totalCountExact
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          referenceNumber
          name
          zipcode
          houseNumber
          houseNumberAddition
          city
          country
          appointment
          duration
          technician {
            firstname
            lastname
          }
          special
          externalPartner
          deleted {
            date
          }
          visitStatus {
            stage
          }
          informed {
            lookupCount
            reply {
              answer
              accessNote
            }
          }
        }
      }
    }
  }
`);

export const OrdersListFiltersQuery = graphql(`
  query OrdersListFilters {
    serverInfo {
      now
    }
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

/** One row of the list, as the page query reads it. */
export type OrderRow = OrdersListPageData['orders']['edges'][number]['node'];
