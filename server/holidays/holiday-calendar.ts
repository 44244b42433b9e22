import type { HolidayDates } from '../context.js';
import type { EventSubscriber, FlushEventArgs, MikroORM, TransactionEventArgs } from '@mikro-orm/postgresql';
import type { Country } from '../common/locale.js';
import type { LocalDate } from '../../shared/zoned-time.js';
import { announceChange } from '../common/events/change-notices.js';
import { Holiday } from './holiday.entity.js';
import { HolidayRepository } from './repository/holiday.repository.js';

/**
 * How long this process trusts the holidays it read without hearing of a change: a backstop only, for a notice
 * lost between a commit and its announcement (a crash in between). Changes are announced to every instance.
 */
export const HOLIDAY_CACHE_MS = 10 * 60_000;
/** The topic of the change notice that holidays changed (no ids: every instance reads them all again). */
export const HOLIDAYS_CHANGED = 'holidays';

/** The part of the change listener the calendar uses. */
interface ChangeEars {
  subscribe(topic: string, handler: () => void): () => void;
  onResync(handler: () => void): () => void;
}

interface Entry {
  dates: Promise<ReadonlySet<LocalDate>>;
  expiresAt: number;
}

/**
 * The holidays of each country, in memory: the consumer lookup and the technician schedule ask for them on every
 * request, and they change a few times a year. A holiday written through the ORM empties this process's copy as
 * soon as it is committed and is announced to every instance (a change notice, after the commit), whose copies
 * empty on hearing it; after a lost listening connection every copy is dropped too (docs/decisions.md). Expiry
 * runs on real time, not the application clock: the copy holds every holiday of the country, so which of them
 * matter depends only on the dates asked about, i.e. on the clock.
 */
export class HolidayCalendar implements HolidayDates {
  private readonly entries = new Map<Country, Entry>();

  constructor(
    private readonly orm: MikroORM,
    changes: ChangeEars,
    private readonly ttlMs = HOLIDAY_CACHE_MS,
  ) {
    orm.em.getEventManager().registerSubscriber(
      new HolidayChangeSubscriber(() => {
        this.invalidate();
        void this.announce();
      }),
    );
    changes.subscribe(HOLIDAYS_CHANGED, () => this.invalidate());
    changes.onResync(() => this.invalidate());
  }

  /** Every holiday of the country. */
  datesOf(country: Country): Promise<ReadonlySet<LocalDate>> {
    const now = performance.now();
    const cached = this.entries.get(country);
    if (cached && cached.expiresAt > now) return cached.dates;
    // The promise is kept, not its result: concurrent requests on an empty cache share one query.
    // Invalidation drops it from the map at once, so a read that was under way is not kept.
    const dates = this.load(country);
    const entry = { dates, expiresAt: now + this.ttlMs };
    this.entries.set(country, entry);
    dates.catch(() => {
      if (this.entries.get(country) === entry) this.entries.delete(country);
    });
    return dates;
  }

  /** Forgets every country's holidays: the next question reads them again. */
  invalidate(): void {
    this.entries.clear();
  }

  /** Tells every instance; a failure only delays the others until HOLIDAY_CACHE_MS (it is logged by no one). */
  private async announce(): Promise<void> {
    try {
      await this.orm.em
        .fork()
        .transactional((em) => announceChange(em, { topic: HOLIDAYS_CHANGED, ids: [], detail: {} }));
    } catch {
      // The backstop expiry covers it; a holiday screen must not fail because a notice could not be sent.
    }
  }

  private async load(country: Country): Promise<ReadonlySet<LocalDate>> {
    return new Set(await new HolidayRepository(this.orm.em).datesOf(country));
  }
}

/**
 * Calls `changed` after a flush that wrote a holiday, and again when the surrounding transaction
 * commits (a read between the flush and that commit may have seen the old holidays).
 */
class HolidayChangeSubscriber implements EventSubscriber {
  private changedInTransaction = false;

  constructor(private readonly changed: () => void) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    if (!uow.getChangeSets().some((changeSet) => changeSet.entity instanceof Holiday)) return;
    this.changed();
    if (em.isInTransaction()) this.changedInTransaction = true;
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    // MikroORM types the driver's transaction as `any`; a savepoint (a nested transaction) has a name.
    const savepoint = (transaction as { savepointName?: string } | undefined)?.savepointName;
    if (!this.changedInTransaction || savepoint) return;
    this.changedInTransaction = false;
    this.changed();
  }
}
