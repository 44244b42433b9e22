import {
  TECHNICIAN_LEGACY_FIELDS,
  toLegacyTechnician,
  type LegacyTechnicianSource,
} from '../technicians/technician.legacy.js';
import { defineRoute, field } from './rest-route.js';

interface LegacyHoliday {
  id: number;
  country: string;
  date: string;
}

interface HolidaysData {
  holidays: LegacyHoliday[];
}

interface NamedCount {
  name: string;
  visits: number;
}

interface StatisticsData {
  statistics: {
    usagePerHour: { hour: number; visits: number }[];
    browsers: NamedCount[];
    operatingSystems: NamedCount[];
    averageSiteVisit: number | null;
    averageMailRead: number | null;
  };
}

/** A query-string value as a string, or null when absent. */
const queryValue = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * THE table of legacy calls (spec section 7). Each domain keeps its rows in its own section.
 * Row order matters only where two paths could match the same URL: the more specific comes first.
 */
export const REST_ROUTES = [
  // consumers

  // accounts (sign-in, password reset)

  // technicians
  defineRoute<{ technicians: LegacyTechnicianSource[] }>({
    method: 'get',
    path: '/api/admin/technicians{/:search}',
    operation: /* GraphQL */ `
      query LegacyTechnicians($search: String) {
        technicians(search: $search) {
          ${TECHNICIAN_LEGACY_FIELDS}
        }
      }
    `,
    variables: ({ params }) => ({ search: params.search ?? null }),
    respond: (data, _request, { brand }) => data.technicians.map((technician) => toLegacyTechnician(technician, brand)),
  }),

  // admins

  // orders

  // schedule

  // imports

  // exports

  // holidays
  defineRoute<HolidaysData>({
    method: 'get',
    path: '/api/admin/holidays',
    operation: /* GraphQL */ `
      query LegacyHolidays {
        holidays {
          country
          date
        }
      }
    `,
    respond: (data) => data.holidays.map(({ date, country }) => ({ date, country })),
  }),
  defineRoute<{ createHoliday: LegacyHoliday }>({
    method: 'post',
    path: '/api/admin/holidays',
    operation: /* GraphQL */ `
      mutation LegacyCreateHoliday($input: CreateHolidayInput!) {
        createHoliday(input: $input) {
          id
          country
          date
        }
      }
    `,
    variables: (request) => ({
      input: { country: field(request, 'country').toUpperCase(), date: field(request, 'date') },
    }),
    respond: (data) => data.createHoliday,
    status: 201,
  }),
  defineRoute<{ deleteHoliday: LegacyHoliday }>({
    method: 'delete',
    path: '/api/admin/holidays/:id',
    operation: /* GraphQL */ `
      mutation LegacyDeleteHoliday($id: Int!) {
        deleteHoliday(id: $id) {
          id
          country
          date
        }
      }
    `,
    variables: ({ params }) => ({ id: Number(params.id) }),
    respond: (data) => data.deleteHoliday,
  }),

  // statistics
  defineRoute<StatisticsData>({
    method: 'get',
    path: '/api/admin/statistics',
    operation: /* GraphQL */ `
      query LegacyStatistics($from: String, $to: String) {
        statistics(from: $from, to: $to) {
          usagePerHour {
            hour
            visits
          }
          browsers {
            name
            visits
          }
          operatingSystems {
            name
            visits
          }
          averageSiteVisit
          averageMailRead
        }
      }
    `,
    variables: ({ query }) => ({ from: queryValue(query.from), to: queryValue(query.to) }),
    respond: ({ statistics }) => ({
      usagePerHour: statistics.usagePerHour.map(({ hour, visits }) => ({ name: hour, value: visits })),
      browser: statistics.browsers.map(({ name, visits }) => ({ name, value: visits })),
      os: statistics.operatingSystems.map(({ name, visits }) => ({ name, value: visits })),
      averageMailRead: [{ average: statistics.averageMailRead }],
      averageSiteVisit: [{ average: statistics.averageSiteVisit }],
    }),
  }),
];
