import type { LegacyOrdersExportQuery, LegacyOrdersSelectionExportQuery } from '../legacy-operations.generated.js';
import type { LegacyRequest } from '../legacy-values.js';
import { Country } from '../../common/locale.js';
import type { AppContext } from '../../context.js';
import { EXPORT_CONTENT_TYPE, ordersCsv, ordersSelectionCsv } from '../../exports/orders-csv.js';
import type { OrderFilterInput } from '../../orders/index.js';

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

/** `?filter=`: the order list's filter as JSON; anything else is no filter, and GraphQL refuses it as such. */
function filterOfQuery({ query }: LegacyRequest): Record<string, unknown> | null {
  if (typeof query.filter !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(query.filter);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const ordersSelectionExportVariables = (request: LegacyRequest) => ({ filter: filterOfQuery(request) });

/**
 * The selection as a file download, streamed once the operation has checked the caller and the filter (GraphQL
 * coerced and validated the same JSON: only its instants are read again as dates here).
 */
export const ordersSelectionExportFile = (
  { ordersSelectionExport }: LegacyOrdersSelectionExportQuery,
  request: LegacyRequest,
) => {
  const raw = filterOfQuery(request) ?? {};
  const instant = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  const filter: OrderFilterInput = { ...raw, from: instant(raw.from), to: instant(raw.to) };
  return {
    fileName: ordersSelectionExport.fileName,
    contentType: EXPORT_CONTENT_TYPE,
    open: (context: AppContext) => ordersSelectionCsv(context, filter),
  };
};
