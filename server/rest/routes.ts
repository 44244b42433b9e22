import { ADMIN_LEGACY_FIELDS, fromLegacyFlag, toLegacyAdmin, type LegacyAdminSource } from '../admins/admin.legacy.js';
import { EXPORT_CONTENT_TYPE, ordersCsv } from '../exports/orders-csv.js';
import { parseCountry } from '../common/locale.js';
import {
  IMPORT_OUTCOME_LEGACY_FIELDS,
  IMPORT_SETTING_LEGACY_FIELDS,
  toLegacyImportOutcome,
  toLegacyImportSetting,
  type LegacyImportOutcome,
  type LegacyImportSettingSource,
} from '../imports/import-setting.legacy.js';
import {
  fromLegacyInt,
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
import { defineRoute, field, textOf, type LegacyRequest } from './rest-route.js';

const signInVariables = (request: LegacyRequest) => ({
  input: { email: field(request, 'email'), password: textOf(request.body.password) },
});
const forgotVariables = (request: LegacyRequest) => ({ input: { email: field(request, 'email') } });
const newPasswordVariables = (request: LegacyRequest) => ({
  input: { token: field(request, 'token'), password: textOf(request.body.password) },
});
const adminVariables = (request: LegacyRequest) => ({
  firstname: field(request, 'firstname'),
  lastname: field(request, 'lastname'),
  email: field(request, 'email'),
  inactive: fromLegacyFlag(request.body.inactive),
});
const idParam = (request: LegacyRequest) => fromLegacyInt(request.params.id);

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
 * THE table of legacy calls (docs/rules.md, Legacy REST calls). Each domain keeps its rows in its own section.
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
  defineRoute<{ signInTechnician: { accessToken: string } }>({
    method: 'post',
    path: '/api/auth/technician',
    operation: /* GraphQL */ `
      mutation LegacySignInTechnician($input: SignInInput!) {
        signInTechnician(input: $input) {
          accessToken
        }
      }
    `,
    variables: signInVariables,
    respond: (data) => ({ accessToken: data.signInTechnician.accessToken }),
  }),
  defineRoute<{ requestTechnicianPasswordReset: { message: string } }>({
    method: 'post',
    path: '/api/auth/technician/forgot',
    operation: /* GraphQL */ `
      mutation LegacyTechnicianForgot($input: PasswordResetRequestInput!) {
        requestTechnicianPasswordReset(input: $input) {
          message
        }
      }
    `,
    variables: forgotVariables,
    respond: (data) => ({ message: data.requestTechnicianPasswordReset.message }),
  }),
  defineRoute<{ resetTechnicianPassword: { message: string } }>({
    method: 'post',
    path: '/api/auth/technician/newpassword',
    operation: /* GraphQL */ `
      mutation LegacyTechnicianNewPassword($input: NewPasswordInput!) {
        resetTechnicianPassword(input: $input) {
          message
        }
      }
    `,
    variables: newPasswordVariables,
    respond: (data) => ({ message: data.resetTechnicianPassword.message }),
  }),
  defineRoute<{ signInAdmin: { adminToken: string } }>({
    method: 'post',
    path: '/api/auth/admin',
    operation: /* GraphQL */ `
      mutation LegacySignInAdmin($input: SignInInput!) {
        signInAdmin(input: $input) {
          adminToken
        }
      }
    `,
    variables: signInVariables,
    respond: (data) => ({ adminToken: data.signInAdmin.adminToken }),
  }),
  defineRoute<{ requestAdminPasswordReset: { message: string } }>({
    method: 'post',
    path: '/api/auth/admin/forgot',
    operation: /* GraphQL */ `
      mutation LegacyAdminForgot($input: PasswordResetRequestInput!) {
        requestAdminPasswordReset(input: $input) {
          message
        }
      }
    `,
    variables: forgotVariables,
    respond: (data) => ({ message: data.requestAdminPasswordReset.message }),
  }),
  defineRoute<{ resetAdminPassword: { message: string } }>({
    method: 'post',
    path: '/api/auth/admin/newpassword',
    operation: /* GraphQL */ `
      mutation LegacyAdminNewPassword($input: NewPasswordInput!) {
        resetAdminPassword(input: $input) {
          message
        }
      }
    `,
    variables: newPasswordVariables,
    respond: (data) => ({ message: data.resetAdminPassword.message }),
  }),
  defineRoute<{ signInAsTechnician: { technicianToken: string } }>({
    method: 'post',
    path: '/api/admin/token',
    operation: /* GraphQL */ `
      mutation LegacySignInAsTechnician($technicianId: Int!) {
        signInAsTechnician(technicianId: $technicianId) {
          technicianToken
        }
      }
    `,
    variables: (request) => ({ technicianId: fromLegacyInt(request.body.id) }),
    respond: (data) => ({ technicianToken: data.signInAsTechnician.technicianToken }),
  }),

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
  defineRoute<{ createTechnician: LegacyTechnicianSource }>({
    method: 'post',
    path: '/api/admin/technician',
    operation: /* GraphQL */ `
      mutation LegacyCreateTechnician($input: CreateTechnicianInput!) {
        createTechnician(input: $input) {
          ${TECHNICIAN_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({
      input: {
        firstname: field(request, 'firstname'),
        lastname: field(request, 'lastname'),
        email: field(request, 'email'),
        personalNumber: field(request, 'personalNumber'),
        startingTime: request.body.startingTime === undefined ? null : fromLegacyInt(request.body.startingTime),
      },
    }),
    respond: (data, _request, { brand }) => toLegacyTechnician(data.createTechnician, brand),
    status: 201,
  }),
  defineRoute<{ technician: LegacyTechnicianSource }>({
    method: 'get',
    path: '/api/admin/technician/:id',
    operation: /* GraphQL */ `
      query LegacyTechnician($id: Int!) {
        technician(id: $id) {
          ${TECHNICIAN_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({ id: idParam(request) }),
    respond: (data, _request, { brand }) => toLegacyTechnician(data.technician, brand),
  }),
  defineRoute<{ updateTechnician: LegacyTechnicianSource }>({
    method: 'put',
    path: '/api/admin/technician/:id',
    operation: /* GraphQL */ `
      mutation LegacyUpdateTechnician($id: Int!, $input: UpdateTechnicianInput!) {
        updateTechnician(id: $id, input: $input) {
          ${TECHNICIAN_LEGACY_FIELDS}
        }
      }
    `,
    // personalNumber is sent too but is never edited (docs/rules.md, Staff accounts).
    variables: (request) => ({
      id: idParam(request),
      input: {
        firstname: field(request, 'firstname'),
        lastname: field(request, 'lastname'),
        email: field(request, 'email'),
        startingTime: fromLegacyInt(request.body.startingTime),
      },
    }),
    respond: (data, _request, { brand }) => toLegacyTechnician(data.updateTechnician, brand),
  }),
  defineRoute<{ deleteTechnician: { id: number } }>({
    method: 'delete',
    path: '/api/admin/technician/:id',
    operation: /* GraphQL */ `
      mutation LegacyDeleteTechnician($id: Int!) {
        deleteTechnician(id: $id) {
          id
        }
      }
    `,
    variables: (request) => ({ id: idParam(request) }),
    respond: (data) => ({ id: data.deleteTechnician.id }),
  }),

  // admins
  defineRoute<{ admins: LegacyAdminSource[] }>({
    method: 'get',
    path: '/api/admin/admins',
    operation: /* GraphQL */ `
      query LegacyAdmins {
        admins {
          ${ADMIN_LEGACY_FIELDS}
        }
      }
    `,
    respond: (data) => data.admins.map(toLegacyAdmin),
  }),
  defineRoute<{ admin: LegacyAdminSource }>({
    method: 'get',
    path: '/api/admin/user/:id',
    operation: /* GraphQL */ `
      query LegacyAdmin($id: Int!) {
        admin(id: $id) {
          ${ADMIN_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({ id: idParam(request) }),
    // The legacy client reads the first element of an array.
    respond: (data) => [toLegacyAdmin(data.admin)],
  }),
  defineRoute<{ createAdmin: LegacyAdminSource }>({
    method: 'post',
    path: '/api/admin/user',
    operation: /* GraphQL */ `
      mutation LegacyCreateAdmin($input: AdminInput!) {
        createAdmin(input: $input) {
          ${ADMIN_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({ input: adminVariables(request) }),
    respond: (data) => toLegacyAdmin(data.createAdmin),
    status: 201,
  }),
  defineRoute<{ updateAdmin: LegacyAdminSource }>({
    method: 'put',
    path: '/api/admin/user/:id',
    operation: /* GraphQL */ `
      mutation LegacyUpdateAdmin($id: Int!, $input: AdminInput!) {
        updateAdmin(id: $id, input: $input) {
          ${ADMIN_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({ id: idParam(request), input: adminVariables(request) }),
    respond: (data) => toLegacyAdmin(data.updateAdmin),
  }),
  defineRoute<{ deleteAdmin: { id: number } }>({
    method: 'delete',
    path: '/api/admin/user/:id',
    operation: /* GraphQL */ `
      mutation LegacyDeleteAdmin($id: Int!) {
        deleteAdmin(id: $id) {
          id
        }
      }
    `,
    variables: (request) => ({ id: idParam(request) }),
    respond: (data) => ({ id: data.deleteAdmin.id }),
  }),

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
  defineRoute<{ importSettings: LegacyImportSettingSource[] }>({
    method: 'get',
    path: '/api/admin/imports',
    operation: /* GraphQL */ `
      query LegacyImportSettings {
        importSettings {
          ${IMPORT_SETTING_LEGACY_FIELDS}
        }
      }
    `,
    respond: (data) => data.importSettings.map(toLegacyImportSetting),
  }),
  defineRoute<{ updateImportSetting: LegacyImportSettingSource }>({
    method: 'post',
    path: '/api/admin/imports/:id',
    operation: /* GraphQL */ `
      mutation LegacyUpdateImportSetting($id: Int!, $input: ImportSettingInput!) {
        updateImportSetting(id: $id, input: $input) {
          ${IMPORT_SETTING_LEGACY_FIELDS}
        }
      }
    `,
    variables: (request) => ({
      id: Number(request.params.id),
      input: { timeBetween: field(request, 'time_between'), timeTo: field(request, 'time_to') },
    }),
    respond: (data) => toLegacyImportSetting(data.updateImportSetting),
  }),
  defineRoute<{ importOrders: LegacyImportOutcome }>({
    method: 'post',
    path: '/api/admin/import/:country',
    operation: /* GraphQL */ `
      mutation LegacyImportOrders($country: Country!, $file: Upload!) {
        importOrders(country: $country, file: $file) {
          ${IMPORT_OUTCOME_LEGACY_FIELDS}
        }
      }
    `,
    variables: ({ params }) => ({ country: params.country?.toUpperCase() }),
    upload: { variable: 'file', fields: ['file', 'appointments'], rawMediaTypes: ['text/csv', 'application/csv'] },
    status: (data) => (data.importOrders.__typename === 'ImportRowErrors' ? 400 : 200),
    respond: (data) => toLegacyImportOutcome(data.importOrders),
  }),

  // exports
  defineRoute<{ ordersExport: { country: string; fileName: string } }>({
    method: 'get',
    path: '/api/admin/export',
    operation: /* GraphQL */ `
      query LegacyOrdersExport($country: Country) {
        ordersExport(country: $country) {
          country
          fileName
        }
      }
    `,
    variables: ({ query }) => ({ country: typeof query.country === 'string' ? query.country.toUpperCase() : null }),
    file: ({ ordersExport }) => ({
      fileName: ordersExport.fileName,
      contentType: EXPORT_CONTENT_TYPE,
      open: (context) => ordersCsv(context, parseCountry(ordersExport.country)!),
    }),
  }),

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
    // Legacy callers cannot answer the holiday guard's question: they save as before (docs/decisions.md).
    variables: (request) => ({
      input: {
        country: field(request, 'country').toUpperCase(),
        date: field(request, 'date'),
        saveDespiteOrders: true,
      },
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
