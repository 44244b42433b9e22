import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { Country } from '../../gql/graphql';

const CreateHolidayMutation = graphql(`
  mutation CreateHoliday($input: CreateHolidayInput!) {
    createHoliday(input: $input) {
      id
      country
      date
    }
  }
`);

/** Creates a holiday; the cached lists are dropped so every list shows it at once. */
export function useCreateHoliday() {
  const [mutate, { loading }] = useMutation(CreateHolidayMutation, {
    update(cache) {
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'holidays' });
      cache.gc();
    },
  });
  /** Without `saveDespiteOrders` the server refuses a date with active orders (HOLIDAY_HAS_ORDERS). */
  const createHoliday = (country: Country, date: string, saveDespiteOrders = false) =>
    mutate({ variables: { input: { country, date, saveDespiteOrders } } });
  return { createHoliday, creating: loading };
}
