import type { AppContext } from '../context.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { localDateOf } from '../../shared/zoned-time.js';
import { formatCsvDate } from '../imports/csv-format.js';
import { AppError } from '../common/errors/app-error.js';
import { OrderRepository, checkedOrderFilter, type OrderFilterInput } from '../orders/index.js';
import { ExportError } from './export.errors.js';
import { EXPORT_PATH, EXPORT_SELECTION_MAX, EXPORT_SELECTION_PATH } from './orders-csv.js';
import { OrdersExport, OrdersSelectionExport } from './orders-export.types.js';

export class OrdersExportService {
  constructor(private readonly ctx: AppContext) {}

  /** The file name and download path of today's export of a country (the site's when not given). */
  describe(country?: Country | null): OrdersExport {
    const { services } = this.ctx;
    const chosen = country ?? this.ctx.country;
    const today = localDateOf(services.clock.now(), TIME_ZONE[chosen]);
    return Object.assign(new OrdersExport(), {
      country: chosen,
      fileName: `${services.config.brand}-export.${formatCsvDate(today)}.csv`,
      url: `${EXPORT_PATH}?country=${chosen}`,
    });
  }

  /**
   * The download of the orders the list's filter matches: the filter is refused as the list refuses it (the same
   * codes), and a selection of more than EXPORT_SELECTION_MAX orders is refused before any download starts. Counted
   * as the list counts: within the lists' share of the pool and under their statement timeout.
   */
  async describeSelection(filter: OrderFilterInput): Promise<OrdersSelectionExport> {
    const { services } = this.ctx;
    const technicianId = await checkedOrderFilter(this.ctx.em, filter);
    const ids = await services.listQueries.run(this.ctx.em, (em) =>
      new OrderRepository(em).selectionIds(filter, technicianId, EXPORT_SELECTION_MAX + 1),
    );
    if (ids.length > EXPORT_SELECTION_MAX) {
      throw new AppError(ExportError.EXPORT_SELECTION_TOO_LARGE, { params: { max: EXPORT_SELECTION_MAX } });
    }
    const today = localDateOf(services.clock.now(), TIME_ZONE[filter.country ?? this.ctx.country]);
    return Object.assign(new OrdersSelectionExport(), {
      fileName: `${services.config.brand}-selectie.${formatCsvDate(today)}.csv`,
      url: `${EXPORT_SELECTION_PATH}?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      orders: ids.length,
    });
  }
}
