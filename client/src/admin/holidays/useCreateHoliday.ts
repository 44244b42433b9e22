import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { Country } from '../../gql/graphql';

const CREATE_HOLIDAY = graphql(`
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
  const [mutate, { loading }] = useMutation(CREATE_HOLIDAY, {
    update(cache) {
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'holidays' });
      cache.gc();
    },
  });
  const createHoliday = (country: Country, date: string) => mutate({ variables: { input: { country, date } } });
  return { createHoliday, creating: loading };
}
