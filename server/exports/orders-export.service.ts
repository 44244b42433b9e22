import type { AppContext } from '../context.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { localDateOf } from '../../shared/zoned-time.js';
import { formatCsvDate } from '../imports/csv-format.js';
import { EXPORT_PATH } from './orders-csv.js';
import { OrdersExport } from './orders-export.types.js';

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
}
