import type { LegacyOrdersExportQuery } from '../legacy-operations.generated.js';
import type { LegacyRequest } from '../legacy-values.js';
import { Country } from '../../common/locale.js';
import type { AppContext } from '../../context.js';
import { EXPORT_CONTENT_TYPE, ordersCsv } from '../../exports/orders-csv.js';

/** `?country=` of the export; absent: the site's country. */
export const ordersExportVariables = ({ query }: LegacyRequest) => ({
  country: typeof query.country === 'string' ? query.country.toUpperCase() : null,
});

/** The export as a file download, streamed once the operation has checked the caller. */
export const ordersExportFile = ({ ordersExport }: LegacyOrdersExportQuery) => ({
  fileName: ordersExport.fileName,
  contentType: EXPORT_CONTENT_TYPE,
  open: (context: AppContext) => ordersCsv(context, Country[ordersExport.country]),
});
