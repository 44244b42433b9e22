import type { SiteVisitLog } from '../context.js';
import { describeUserAgent } from '../common/user-agent.js';
import type { Logger } from 'pino';
import type { PlainStatements } from '../common/db/plain-statements.js';
import { insertSiteVisits, type NewSiteVisitRow } from '../statistics/repository/statistics.repository.js';

const USER_AGENT_LENGTH = 512;

/** How long a recorded visit may wait for others to share its INSERT. */
export const SITE_VISIT_BATCH_MS = 50;
/** Rows per INSERT at most; a fuller batch is written at once. */
const MAX_BATCH = 200;

interface PendingVisit {
  orderId: number;
  userAgent: string;
  at: Date;
}

/**
 * Records successful lookups for the statistics after the answer has gone out, so a found address
 * costs no more time than an unknown one (no timing oracle). Visits wait up to SITE_VISIT_BATCH_MS
 * and are written together: a socket write to PostgreSQL is a large share of a lookup's CPU, and a
 * busy evening's lookups then share one INSERT. Shutdown writes what is waiting (`flush`); a failed
 * write is logged, never shown to the consumer.
 */
export class SiteVisitRecorder implements SiteVisitLog {
  private pending: PendingVisit[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly statements: PlainStatements,
    private readonly logger: Logger,
    private readonly delayMs = SITE_VISIT_BATCH_MS,
  ) {}

  record(orderId: number, userAgent: string, at: Date): void {
    this.pending.push({ orderId, userAgent, at });
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes the waiting visits; resolves once every write started so far has ended. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: PendingVisit[]): Promise<void> {
    try {
      await this.insert(batch);
    } catch (error) {
      if (batch.length === 1) {
        this.logger.warn({ err: error, orderId: batch[0].orderId }, 'site visit not recorded');
        return;
      }
      // One bad row (an order deleted meanwhile) must not cost the others theirs.
      for (const visit of batch) await this.write([visit]);
    }
  }

  /**
   * One parameterised INSERT of the whole batch (its rows as one JSON parameter, so the statement's text is the
   * same for any batch size), no entity manager or unit of work: the ORM's `insertMany` was 2-3 % of a lookup's CPU.
   */
  private async insert(batch: PendingVisit[]): Promise<void> {
    const rows = batch.map(({ orderId, userAgent, at }): NewSiteVisitRow => ({
      order_id: orderId,
      visited_at: at.toISOString(),
      user_agent: userAgent.slice(0, USER_AGENT_LENGTH),
      ...describeUserAgent(userAgent),
    }));
    await insertSiteVisits(this.statements, rows);
  }
}
