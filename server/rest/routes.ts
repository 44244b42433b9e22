import {
  TECHNICIAN_LEGACY_FIELDS,
  toLegacyTechnician,
  type LegacyTechnicianSource,
} from '../technicians/technician.legacy.js';
import { toLegacyVisit, VISIT_LEGACY_FIELDS, type LegacyVisitSource } from '../consumers/consumer.legacy.js';
import {
  flagFrom,
  idListFrom,
  instantFrom,
  ORDER_LEGACY_FIELDS,
  technicianRefFrom,
  toLegacyOrder,
  wholeNumberOr,
  type LegacyOrderSource,
} from '../orders/order.legacy.js';
import {
  legacyAppointmentsInput,
  SCHEDULE_LEGACY_FIELDS,
  toLegacySchedule,
  type LegacyScheduleSource,
} from '../schedule/schedule.legacy.js';
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
  defineRoute<{ createOrder: LegacyOrderSource }>({
    method: 'post',
    path: '/api/admin/appointment/create',
    operation: /* GraphQL */ `
      mutation LegacyCreateOrder($input: CreateOrderInput!) {
        createOrder(input: $input) {
          ${ORDER_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({
      input: {
        referenceNumber: field(request, 'reference_number'),
        name: field(request, 'name'),
        email: field(request, 'email'),
        phone: field(request, 'phone'),
        zipcode: field(request, 'zipcode'),
        houseNumber: field(request, 'house_number'),
        city: field(request, 'city'),
        country: field(request, 'country').toUpperCase() || null,
        appointment: instantFrom(field(request, 'appointment'), 'seconds'),
        duration: field(request, 'duration') ? wholeNumberOr(field(request, 'duration')) : null,
        technician: technicianRefFrom(request),
        special: flagFrom(field(request, 'flag')),
      },
    }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.createOrder, brand),
    status: 201,
  }),
  defineRoute<{ orderByReference: LegacyOrderSource }>({
    method: 'get',
    path: '/api/admin/appointment/search/:reference',
    operation: /* GraphQL */ `
      query LegacyOrderByReference($referenceNumber: String!) {
        orderByReference(referenceNumber: $referenceNumber) {
          ${ORDER_LEGACY_FIELDS}
        }
      }
    `,
    variables: ({ params }) => ({ referenceNumber: params.reference ?? '' }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.orderByReference, brand),
  }),
  defineRoute<{ reassignOrder: LegacyOrderSource }>({
    method: 'post',
    path: '/api/admin/appointment/edit',
    operation: /* GraphQL */ `
      mutation LegacyReassignOrder($input: ReassignOrderInput!) {
        reassignOrder(input: $input) {
          ${ORDER_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({
      input: { referenceNumber: field(request, 'reference_number'), technician: technicianRefFrom(request) },
    }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.reassignOrder, brand),
  }),
  defineRoute<{ deleteOrder: LegacyOrderSource }>({
    method: 'delete',
    path: '/api/admin/appointment/:id',
    operation: /* GraphQL */ `
      mutation LegacyDeleteOrder($id: Int!) {
        deleteOrder(id: $id) {
          ${ORDER_LEGACY_FIELDS}
        }
      }
    `,
    variables: ({ params }) => ({ id: wholeNumberOr(params.id ?? '') }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.deleteOrder, brand),
  }),
  defineRoute<{ technicianDayOrders: { id: number; name: string; city: string; zipcode: string }[] }>({
    method: 'post',
    path: '/api/admin/technician/appointments',
    operation: /* GraphQL */ `
      query LegacyTechnicianDayOrders($technician: String!, $day: DateTimeISO!) {
        technicianDayOrders(technician: $technician, day: $day) {
          id
          name
          city
          zipcode
        }
      }
    `,
    variables: (request) => ({
      technician: technicianRefFrom(request),
      day: instantFrom(field(request, 'date'), 'milliseconds'),
    }),
    respond: (data) => data.technicianDayOrders.map(({ id, name, city, zipcode }) => ({ id, name, city, zipcode })),
  }),
  defineRoute<{ migrateOrders: { orders: { id: number }[]; technician: { id: number; personalNumber: string } } }>({
    method: 'post',
    path: '/api/admin/migrate',
    operation: /* GraphQL */ `
      mutation LegacyMigrateOrders($input: MigrateOrdersInput!) {
        migrateOrders(input: $input) {
          orders {
            id
          }
          technician {
            id
            personalNumber
          }
        }
      }
    `,
    variables: (request) => ({
      input: { orderIds: idListFrom(request.body.orders), toTechnician: technicianRefFrom(request) },
    }),
    respond: (data, _request, { brand }) => ({
      orders: data.migrateOrders.orders.map((order) => order.id),
      technician: data.migrateOrders.technician.id,
      [`${brand}_identifier`]: data.migrateOrders.technician.personalNumber,
    }),
  }),

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
