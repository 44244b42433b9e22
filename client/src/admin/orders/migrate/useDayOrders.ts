import { useQuery } from '@apollo/client/react';
import { localDayRange } from '../../../../../shared/zoned-time.js';
import { graphql } from '../../../gql';
import { useI18n } from '../../../i18n/i18n';
import { problemOf } from '../../../lib/errors';

const TechnicianDayOrdersQuery = graphql(`
  query TechnicianDayOrders($technician: String!, $day: DateTimeISO!) {
    technicianDayOrders(technician: $technician, day: $day) {
      id
      name
      street
      zipcode
      houseNumber
      houseNumberAddition
      city
      appointment
      duration
      country
    }
  }
`);

/**
 * The orders of one technician on one local day of `zone` (the technician's country), read again on every visit
 * of the page: another dispatcher may have moved some since.
 */
export function useDayOrders(technician: string, day: string, zone: string) {
  const { t } = useI18n();
  const dayOrders = useQuery(TechnicianDayOrdersQuery, {
    variables: { technician, day: day ? localDayRange(day, zone).start.toISOString() : '' },
    skip: technician === '' || day === '',
    fetchPolicy: 'network-only',
  });
  return {
    orders: dayOrders.data?.technicianDayOrders ?? [],
    loading: dayOrders.loading,
    /** The day was read (an empty list then means the technician has nothing that day). */
    listed: technician !== '' && dayOrders.data !== undefined,
    problem: dayOrders.error ? problemOf(dayOrders.error, t('common.genericError')).message : undefined,
  };
}

export type DayOrder = ReturnType<typeof useDayOrders>['orders'][number];
