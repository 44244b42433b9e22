import type { EntityManager } from '@mikro-orm/postgresql';
import { percentOf } from '../../shared/office-figures.js';
import { addDays, type LocalDate } from '../../shared/zoned-time.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { parseBoundedPeriod } from '../statistics/bounded-period.js';
import type { MailReadDay, MailReads } from './mail-reads.types.js';

export interface MailReadQuery {
  from: string;
  to: string;
  country?: Country | null;
}

interface DaySqlRow {
  day: string;
  sent: number;
  opened: number;
}

/**
 * Per local day, the mails sent that day and how many of them were opened at least once, counted the way the
 * message log shows `openedAt`: a load of the order's open image at or after the mail was sent and before the
 * order's next mail (the image names the order, not the mail). A mail sent on one day and read on the next
 * counts as read on the day it was sent, so a day's rate never passes 100 %.
 *
 * Bounded by the period (at most FIGURES_MAX_DAYS days) on the partial index of sent mails
 * (`consumer_messages_mail_sent_idx`); the opens of a mail are found by the order's index on `mail_opens`, and
 * its order's next mail by the order's index on `consumer_messages`. At most one row per day comes back.
 */
export function mailReadSql(country: Country | null): string {
  return `
    select to_char((m.sent_at at time zone ?)::date, 'YYYY-MM-DD') as day,
           count(*)::int as sent,
           count(*) filter (where exists (
             select 1 from mail_opens mo
              where mo.order_id = m.order_id and mo.opened_at >= m.sent_at
                and mo.opened_at < coalesce(
                  (select min(n.sent_at) from consumer_messages n
                    where n.order_id = m.order_id and n.channel = 'EMAIL' and n.sent_at > m.sent_at),
                  'infinity'::timestamptz)
           ))::int as opened
      from consumer_messages m
      ${country ? 'join orders o on o.id = m.order_id' : ''}
     where m.channel = 'EMAIL' and m.sent_at is not null and m.sent_at >= ? and m.sent_at < ?
       ${country ? 'and o.country = ?' : ''}
     group by 1`;
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
    const params: unknown[] = [zone, start, end, ...(country ? [country] : [])];
    // Under the admins' lists' share of the pool and their statement timeout, like the office's figures.
    const rows = await this.ctx.services.listQueries.run(this.ctx.em, (em: EntityManager) =>
      em.execute<DaySqlRow[]>(mailReadSql(country), params),
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
