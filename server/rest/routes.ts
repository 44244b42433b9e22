import {
  TECHNICIAN_LEGACY_FIELDS,
  toLegacyTechnician,
  type LegacyTechnicianSource,
} from '../technicians/technician.legacy.js';
import { toLegacyVisit, VISIT_LEGACY_FIELDS, type LegacyVisitSource } from '../consumers/consumer.legacy.js';
import {
  legacyAppointmentsInput,
  SCHEDULE_LEGACY_FIELDS,
  toLegacySchedule,
  type LegacyScheduleSource,
} from '../schedule/schedule.legacy.js';
import { defineRoute, field } from './rest-route.js';

interface HolidaysData {
  holidays: { country: string; date: string }[];
}

/**
 * THE table of legacy calls (spec section 7). Each domain keeps its rows in its own section.
 * Row order matters only where two paths could match the same URL: the more specific comes first.
 */
export const REST_ROUTES = [
  // consumers
  defineRoute<{ lookUpVisits: { dataToken: string; sign: number } }>({
    method: 'post',
    path: '/api/auth/client',
    operation: /* GraphQL */ `
      mutation LegacyClientLookup($input: LookUpVisitsInput!) {
        lookUpVisits(input: $input) {
          dataToken
          sign
        }
      }
    `,
    variables: (request) => ({
      input: {
        country: field(request, 'country').toUpperCase() || null,
        zipcode: field(request, 'zipcode'),
        houseNumber: field(request, 'houseNumber'),
        phoneNumber: field(request, 'phoneNumber'),
      },
    }),
    respond: (data) => ({ dataToken: data.lookUpVisits.dataToken, sign: data.lookUpVisits.sign }),
  }),
  defineRoute<{ consumerVisits: LegacyVisitSource[] }>({
    method: 'get',
    path: '/api/appointment{/}',
    operation: /* GraphQL */ `
      query LegacyConsumerVisits {
        consumerVisits {
          ${VISIT_LEGACY_FIELDS}
        }
      }
    `,
    respond: (data) => data.consumerVisits.map(toLegacyVisit),
  }),

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
  // The path's country is accepted and ignored: the technician's own country decides the date.
  defineRoute<{ technicianSchedule: LegacyScheduleSource }>({
    method: 'get',
    path: '/api/technician/appointments{/:country}',
    operation: /* GraphQL */ `
      query LegacyTechnicianSchedule {
        technicianSchedule {
          ${SCHEDULE_LEGACY_FIELDS}
        }
      }
    `,
    respond: (data) => toLegacySchedule(data.technicianSchedule),
  }),
  defineRoute<{ confirmSchedule: { schedule: LegacyScheduleSource } }>({
    method: 'post',
    path: '/api/technician/appointments',
    operation: /* GraphQL */ `
      mutation LegacyConfirmSchedule($input: ConfirmScheduleInput!) {
        confirmSchedule(input: $input) {
          schedule {
            ${SCHEDULE_LEGACY_FIELDS}
          }
        }
      }
    `,
    variables: ({ body }) => ({ input: { appointments: legacyAppointmentsInput(body.appointments) } }),
    respond: (data) => toLegacySchedule(data.confirmSchedule.schedule),
  }),

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

  // statistics
];
