import type { EntityManager } from '@mikro-orm/postgresql';
import { percentOf } from '../../shared/office-figures.js';
import { addDays, type LocalDate } from '../../shared/zoned-time.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { parseBoundedPeriod } from '../statistics/bounded-period.js';
import type { MailReadDay, MailReads } from './mail-reads.types.js';
import { ConsumerMessageRepository } from './repository/consumer-message.repository.js';

export interface MailReadQuery {
  from: string;
  to: string;
  country?: Country | null;
}

const dayOf = (date: string | null, sent: number, opened: number): MailReadDay => ({
  date,
  sent,
  opened,
  readPercent: percentOf(opened, sent),
});

/** How many consumer mails were sent and read, per day (docs/rules.md, Statistics). */
export class MailReadService {
  constructor(private readonly ctx: AppContext) {}

  async mailReads(query: MailReadQuery): Promise<MailReads> {
    const country = query.country ?? null;
    // The statistics screen reads its days in the site's zone; a chosen country in its own. NL and BE keep the
    // same clock, so both agree.
    const zone = TIME_ZONE[country ?? this.ctx.country];
    const { from, to, start, end } = parseBoundedPeriod(query.from, query.to, zone);
    // Under the admins' lists' share of the pool and their statement timeout, like the office's figures.
    const rows = await this.ctx.services.listQueries.run(this.ctx.em, (em: EntityManager) =>
      new ConsumerMessageRepository(em).mailReadDays({ zone, start, end, country }),
    );
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days: MailReadDay[] = [];
    let sent = 0;
    let opened = 0;
    for (let day: LocalDate = from; day <= to; day = addDays(day, 1)) {
      const row = byDay.get(day);
      sent += row?.sent ?? 0;
      opened += row?.opened ?? 0;
      days.push(dayOf(day, row?.sent ?? 0, row?.opened ?? 0));
    }
    return { from, to, country, timeZone: zone, days, total: dayOf(null, sent, opened) };
  }
}
