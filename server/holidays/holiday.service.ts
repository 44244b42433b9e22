import type { AppContext } from '../context.js';
import type { Country } from '../common/locale.js';
import { Holiday } from './holiday.entity.js';

export class HolidayService {
  constructor(private readonly ctx: AppContext) {}

  /** Holidays in date order, of one country or of all. */
  list(country?: Country): Promise<Holiday[]> {
    return this.ctx.em.find(Holiday, country ? { country } : {}, { orderBy: { date: 'asc', country: 'asc' } });
  }
}
