import { CACHE_LOG_CONTEXT } from '../../common/jobs/job-log.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Country } from '../../common/locale.js';
import type { LocalDate } from '../../../shared/zoned-time.js';

/** The statements on holidays that the calendar's cache needs beside the ORM's reads and writes. */
export class HolidayRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every holiday of the country as a local date, outside any transaction (the cache outlives requests). */
  async datesOf(country: Country): Promise<LocalDate[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ date: LocalDate }[]>(
        'select date::text as date from holidays where country = ?',
        [country],
        'all',
        undefined,
        CACHE_LOG_CONTEXT,
      );
    return rows.map((row) => row.date);
  }
}
