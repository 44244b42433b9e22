import { OrdersExportService, EXPORT_CONTENT_TYPE } from '../exports/orders-export.service.js';
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
  TECHNICIAN_LEGACY_FIELDS,
  toLegacyTechnician,
  type LegacyTechnicianSource,
} from '../technicians/technician.legacy.js';
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
      open: (context) => new OrdersExportService(context).csv(parseCountry(ordersExport.country)!),
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

  // statistics
];
