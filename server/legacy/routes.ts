// Direct rows call services, whose entities' decorators need the metadata API loaded first.
import 'reflect-metadata';
import {
  newPasswordVariables,
  passwordResetRequestVariables,
  signInAsTechnicianVariables,
  signInVariables,
} from './mappers/accounts.js';
import { LEGACY_ADMIN, legacyAdminInput, toLegacyAdmin } from './mappers/admins.js';
import type * as Legacy from './legacy-operations.generated.js';
import { legacyInt, type LegacyRequest } from './legacy-values.js';
import {
  LEGACY_VISIT,
  legacyLookUpDirectly,
  lookUpVisitsInput,
  toLegacyLookup,
  toLegacyVisit,
} from './mappers/consumers.js';
import {
  ordersExportFile,
  ordersExportVariables,
  ordersSelectionExportFile,
  ordersSelectionExportVariables,
} from './mappers/exports.js';
import { createHolidayInput, toLegacyHolidays } from './mappers/holidays.js';
import {
  LEGACY_IMPORT_OUTCOME,
  LEGACY_IMPORT_SETTING,
  legacyImportStatus,
  toLegacyImportOutcome,
  toLegacyImportSetting,
  updateImportSettingVariables,
} from './mappers/imports.js';
import {
  createOrderInput,
  LEGACY_ORDER,
  migrateOrdersInput,
  reassignOrderInput,
  technicianDayVariables,
  toLegacyMigration,
  toLegacyOrder,
} from './mappers/orders.js';
import {
  confirmScheduleInput,
  LEGACY_SCHEDULE,
  technicianScheduleDirectly,
  toLegacySchedule,
} from './mappers/planner.js';
import { statisticsVariables, toLegacyStatistics } from './mappers/statistics.js';
import {
  createTechnicianInput,
  LEGACY_TECHNICIAN,
  toLegacyTechnician,
  updateTechnicianInput,
} from './mappers/technicians.js';
import { defineRoute } from './rest/rest-route.js';

/** The id in the path, read as every legacy id is (legacy-values.ts). */
const idParam = (request: LegacyRequest) => legacyInt(request.params.id);

/**
 * THE table of legacy calls (docs/rules.md, Legacy REST calls). Each row only wires: a legacy (method, path), one GraphQL operation, and
 * the mappings of its domain's mapper (`mappers/<domain>.ts`). Row types come from the schema
 * (legacy-operations.generated.ts, `npm run codegen`). Row order matters only where two paths
 * could match the same URL: the more specific comes first.
 */
export const REST_ROUTES = [
  // consumers
  defineRoute<Legacy.LegacyClientLookupMutation>({
    method: 'post',
    path: '/api/auth/client',
    operation: /* GraphQL */ `
      mutation LegacyClientLookup($input: LookUpVisitsInput!) {
        lookUpVisits(input: $input) {
          dataToken
          windowAvailable
        }
      }
    `,
    variables: (request) => ({ input: lookUpVisitsInput(request) }),
    direct: legacyLookUpDirectly,
    respond: (data) => toLegacyLookup(data.lookUpVisits),
  }),
  defineRoute<Legacy.LegacyConsumerVisitsQuery>({
    method: 'get',
    path: '/api/appointment{/}',
    operation: /* GraphQL */ `
      query LegacyConsumerVisits {
        consumerVisits {
          ...LegacyVisit
        }
      }
    `,
    fragments: [LEGACY_VISIT],
    respond: (data) => data.consumerVisits.map(toLegacyVisit),
  }),

  // accounts (sign-in, password reset)
  defineRoute<Legacy.LegacySignInTechnicianMutation>({
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
    respond: (data) => data.signInTechnician,
  }),
  defineRoute<Legacy.LegacyTechnicianForgotMutation>({
    method: 'post',
    path: '/api/auth/technician/forgot',
    operation: /* GraphQL */ `
      mutation LegacyTechnicianForgot($input: PasswordResetRequestInput!) {
        requestTechnicianPasswordReset(input: $input) {
          message
        }
      }
    `,
    variables: passwordResetRequestVariables,
    respond: (data) => data.requestTechnicianPasswordReset,
  }),
  defineRoute<Legacy.LegacyTechnicianNewPasswordMutation>({
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
    respond: (data) => data.resetTechnicianPassword,
  }),
  defineRoute<Legacy.LegacySignInAdminMutation>({
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
    respond: (data) => data.signInAdmin,
  }),
  defineRoute<Legacy.LegacyAdminForgotMutation>({
    method: 'post',
    path: '/api/auth/admin/forgot',
    operation: /* GraphQL */ `
      mutation LegacyAdminForgot($input: PasswordResetRequestInput!) {
        requestAdminPasswordReset(input: $input) {
          message
        }
      }
    `,
    variables: passwordResetRequestVariables,
    respond: (data) => data.requestAdminPasswordReset,
  }),
  defineRoute<Legacy.LegacyAdminNewPasswordMutation>({
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
    respond: (data) => data.resetAdminPassword,
  }),
  defineRoute<Legacy.LegacySignInAsTechnicianMutation>({
    method: 'post',
    path: '/api/admin/token',
    operation: /* GraphQL */ `
      mutation LegacySignInAsTechnician($technicianId: Int!) {
        signInAsTechnician(technicianId: $technicianId) {
          technicianToken
        }
      }
    `,
    variables: signInAsTechnicianVariables,
    respond: (data) => data.signInAsTechnician,
  }),

  // technicians
  defineRoute<Legacy.LegacyTechniciansQuery>({
    method: 'get',
    path: '/api/admin/technicians{/:search}',
    operation: /* GraphQL */ `
      query LegacyTechnicians($search: String) {
        technicians(search: $search) {
          ...LegacyTechnician
        }
      }
    `,
    fragments: [LEGACY_TECHNICIAN],
    variables: ({ params }) => ({ search: params.search ?? null }),
    respond: (data, _request, { brand }) => data.technicians.map((technician) => toLegacyTechnician(technician, brand)),
  }),
  defineRoute<Legacy.LegacyCreateTechnicianMutation>({
    method: 'post',
    path: '/api/admin/technician',
    operation: /* GraphQL */ `
      mutation LegacyCreateTechnician($input: CreateTechnicianInput!) {
        createTechnician(input: $input) {
          ...LegacyTechnician
        }
      }
    `,
    fragments: [LEGACY_TECHNICIAN],
    variables: (request) => ({ input: createTechnicianInput(request) }),
    respond: (data, _request, { brand }) => toLegacyTechnician(data.createTechnician, brand),
    status: 201,
  }),
  defineRoute<Legacy.LegacyTechnicianQuery>({
    method: 'get',
    path: '/api/admin/technician/:id',
    operation: /* GraphQL */ `
      query LegacyTechnician($id: Int!) {
        technician(id: $id) {
          ...LegacyTechnician
        }
      }
    `,
    fragments: [LEGACY_TECHNICIAN],
    variables: (request) => ({ id: idParam(request) }),
    respond: (data, _request, { brand }) => toLegacyTechnician(data.technician, brand),
  }),
  defineRoute<Legacy.LegacyUpdateTechnicianMutation>({
    method: 'put',
    path: '/api/admin/technician/:id',
    operation: /* GraphQL */ `
      mutation LegacyUpdateTechnician($id: Int!, $input: UpdateTechnicianInput!) {
        updateTechnician(id: $id, input: $input) {
          ...LegacyTechnician
        }
      }
    `,
    fragments: [LEGACY_TECHNICIAN],
    variables: (request) => ({ id: idParam(request), input: updateTechnicianInput(request) }),
    respond: (data, _request, { brand }) => toLegacyTechnician(data.updateTechnician, brand),
  }),
  defineRoute<Legacy.LegacyDeleteTechnicianMutation>({
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
    respond: (data) => data.deleteTechnician,
  }),

  // admins
  defineRoute<Legacy.LegacyAdminsQuery>({
    method: 'get',
    path: '/api/admin/admins',
    operation: /* GraphQL */ `
      query LegacyAdmins {
        admins {
          ...LegacyAdmin
        }
      }
    `,
    fragments: [LEGACY_ADMIN],
    respond: (data) => data.admins.map(toLegacyAdmin),
  }),
  defineRoute<Legacy.LegacyAdminQuery>({
    method: 'get',
    path: '/api/admin/user/:id',
    operation: /* GraphQL */ `
      query LegacyAdmin($id: Int!) {
        admin(id: $id) {
          ...LegacyAdmin
        }
      }
    `,
    fragments: [LEGACY_ADMIN],
    variables: (request) => ({ id: idParam(request) }),
    // The legacy client reads the first element of an array.
    respond: (data) => [toLegacyAdmin(data.admin)],
  }),
  defineRoute<Legacy.LegacyCreateAdminMutation>({
    method: 'post',
    path: '/api/admin/user',
    operation: /* GraphQL */ `
      mutation LegacyCreateAdmin($input: AdminInput!) {
        createAdmin(input: $input) {
          ...LegacyAdmin
        }
      }
    `,
    fragments: [LEGACY_ADMIN],
    variables: (request) => ({ input: legacyAdminInput(request) }),
    respond: (data) => toLegacyAdmin(data.createAdmin),
    status: 201,
  }),
  defineRoute<Legacy.LegacyUpdateAdminMutation>({
    method: 'put',
    path: '/api/admin/user/:id',
    operation: /* GraphQL */ `
      mutation LegacyUpdateAdmin($id: Int!, $input: AdminInput!) {
        updateAdmin(id: $id, input: $input) {
          ...LegacyAdmin
        }
      }
    `,
    fragments: [LEGACY_ADMIN],
    variables: (request) => ({ id: idParam(request), input: legacyAdminInput(request) }),
    respond: (data) => toLegacyAdmin(data.updateAdmin),
  }),
  defineRoute<Legacy.LegacyDeleteAdminMutation>({
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
    respond: (data) => data.deleteAdmin,
  }),

  // orders
  defineRoute<Legacy.LegacyCreateOrderMutation>({
    method: 'post',
    path: '/api/admin/appointment/create',
    operation: /* GraphQL */ `
      mutation LegacyCreateOrder($input: CreateOrderInput!) {
        createOrder(input: $input) {
          ...LegacyOrder
        }
      }
    `,
    fragments: [LEGACY_ORDER],
    variables: (request) => ({ input: createOrderInput(request) }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.createOrder, brand),
    status: 201,
  }),
  defineRoute<Legacy.LegacyOrderByReferenceQuery>({
    method: 'get',
    path: '/api/admin/appointment/search/:reference',
    operation: /* GraphQL */ `
      query LegacyOrderByReference($referenceNumber: String!) {
        orderByReference(referenceNumber: $referenceNumber) {
          ...LegacyOrder
        }
      }
    `,
    fragments: [LEGACY_ORDER],
    variables: ({ params }) => ({ referenceNumber: params.reference ?? '' }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.orderByReference, brand),
  }),
  defineRoute<Legacy.LegacyReassignOrderMutation>({
    method: 'post',
    path: '/api/admin/appointment/edit',
    operation: /* GraphQL */ `
      mutation LegacyReassignOrder($input: ReassignOrderInput!) {
        reassignOrder(input: $input) {
          ...LegacyOrder
        }
      }
    `,
    fragments: [LEGACY_ORDER],
    variables: (request) => ({ input: reassignOrderInput(request) }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.reassignOrder, brand),
  }),
  defineRoute<Legacy.LegacyDeleteOrderMutation>({
    method: 'delete',
    path: '/api/admin/appointment/:id',
    operation: /* GraphQL */ `
      mutation LegacyDeleteOrder($id: Int!) {
        deleteOrder(id: $id) {
          ...LegacyOrder
        }
      }
    `,
    fragments: [LEGACY_ORDER],
    variables: (request) => ({ id: idParam(request) }),
    respond: (data, _request, { brand }) => toLegacyOrder(data.deleteOrder, brand),
  }),
  defineRoute<Legacy.LegacyTechnicianDayOrdersQuery>({
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
    variables: technicianDayVariables,
    respond: (data) => data.technicianDayOrders,
  }),
  defineRoute<Legacy.LegacyMigrateOrdersMutation>({
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
    variables: (request) => ({ input: migrateOrdersInput(request) }),
    respond: (data, _request, { brand }) => toLegacyMigration(data.migrateOrders, brand),
  }),

  // planner
  // The path's country is accepted and ignored: the technician's own country decides the date.
  defineRoute<Legacy.LegacyTechnicianScheduleQuery>({
    method: 'get',
    path: '/api/technician/appointments{/:country}',
    operation: /* GraphQL */ `
      query LegacyTechnicianSchedule {
        technicianSchedule {
          ...LegacySchedule
        }
      }
    `,
    fragments: [LEGACY_SCHEDULE],
    direct: technicianScheduleDirectly,
    checksTechnicianSession: true,
    respond: (data) => toLegacySchedule(data.technicianSchedule),
  }),
  defineRoute<Legacy.LegacyConfirmScheduleMutation>({
    method: 'post',
    path: '/api/technician/appointments',
    operation: /* GraphQL */ `
      mutation LegacyConfirmSchedule($input: ConfirmScheduleInput!) {
        confirmSchedule(input: $input) {
          schedule {
            ...LegacySchedule
          }
        }
      }
    `,
    fragments: [LEGACY_SCHEDULE],
    variables: (request) => ({ input: confirmScheduleInput(request) }),
    respond: (data) => toLegacySchedule(data.confirmSchedule.schedule),
  }),

  // imports
  defineRoute<Legacy.LegacyImportSettingsQuery>({
    method: 'get',
    path: '/api/admin/imports',
    operation: /* GraphQL */ `
      query LegacyImportSettings {
        importSettings {
          ...LegacyImportSetting
        }
      }
    `,
    fragments: [LEGACY_IMPORT_SETTING],
    respond: (data) => data.importSettings.map(toLegacyImportSetting),
  }),
  defineRoute<Legacy.LegacyUpdateImportSettingMutation>({
    method: 'post',
    path: '/api/admin/imports/:id',
    operation: /* GraphQL */ `
      mutation LegacyUpdateImportSetting($id: Int!, $input: ImportSettingInput!) {
        updateImportSetting(id: $id, input: $input) {
          ...LegacyImportSetting
        }
      }
    `,
    fragments: [LEGACY_IMPORT_SETTING],
    variables: updateImportSettingVariables,
    respond: (data) => toLegacyImportSetting(data.updateImportSetting),
  }),
  defineRoute<Legacy.LegacyImportOrdersMutation>({
    method: 'post',
    path: '/api/admin/import/:country',
    operation: /* GraphQL */ `
      mutation LegacyImportOrders($country: Country!, $file: Upload!) {
        importOrders(country: $country, file: $file) {
          ...LegacyImportOutcome
        }
      }
    `,
    fragments: [LEGACY_IMPORT_OUTCOME],
    variables: ({ params }) => ({ country: params.country?.toUpperCase() }),
    upload: { variable: 'file', fields: ['file', 'appointments'], rawMediaTypes: ['text/csv', 'application/csv'] },
    status: (data) => legacyImportStatus(data.importOrders),
    respond: (data) => toLegacyImportOutcome(data.importOrders),
  }),

  // exports
  defineRoute<Legacy.LegacyOrdersExportQuery>({
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
    variables: ordersExportVariables,
    file: ordersExportFile,
  }),
  defineRoute<Legacy.LegacyOrdersSelectionExportQuery>({
    method: 'get',
    path: '/api/admin/export/selection',
    operation: /* GraphQL */ `
      query LegacyOrdersSelectionExport($filter: OrderFilterInput!) {
        ordersSelectionExport(filter: $filter) {
          fileName
        }
      }
    `,
    variables: ordersSelectionExportVariables,
    file: ordersSelectionExportFile,
  }),

  // holidays
  defineRoute<Legacy.LegacyHolidaysQuery>({
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
    respond: (data) => toLegacyHolidays(data.holidays),
  }),
  defineRoute<Legacy.LegacyCreateHolidayMutation>({
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
    variables: (request) => ({ input: createHolidayInput(request) }),
    respond: (data) => data.createHoliday,
    status: 201,
  }),
  defineRoute<Legacy.LegacyDeleteHolidayMutation>({
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
    variables: (request) => ({ id: idParam(request) }),
    respond: (data) => data.deleteHoliday,
  }),

  // statistics
  defineRoute<Legacy.LegacyStatisticsQuery>({
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
    variables: statisticsVariables,
    respond: (data) => toLegacyStatistics(data.statistics),
  }),
];
