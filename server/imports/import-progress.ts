import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ImportJob } from './import-job.entity.js';

/** How often the stored progress moves while rows are checked. */
const REPORT_EVERY_ROWS = 1000;

/**
 * Publishes an import's progress to its job row, outside the import's transaction (so a poller on
 * another connection, or another server process, sees it). One update in flight at a time; the
 * latest numbers win, the rows in between are skipped.
 */
export class ImportProgress {
  private values = { rowsChecked: 0, rowsWritten: 0 };
  private inFlight: Promise<void> | null = null;
  private stale = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly jobId: string,
    private readonly log: Logger,
  ) {}

  /** Data rows checked so far. */
  get rowsChecked(): number {
    return this.values.rowsChecked;
  }

  checked(rows: number): void {
    this.values.rowsChecked = rows;
    if (rows % REPORT_EVERY_ROWS === 0) this.publish();
  }

  written(rows: number): void {
    this.values.rowsWritten = rows;
    this.publish();
  }

  /** Waits for the last update, so the final numbers are stored before the outcome. */
  async settle(): Promise<void> {
    this.publish();
    while (this.inFlight) await this.inFlight;
  }

  private publish(): void {
    if (this.inFlight) {
      this.stale = true;
      return;
    }
    const values = { ...this.values };
    const em = this.orm.em.fork({ disableContextResolution: true });
    this.inFlight = em
      .nativeUpdate(ImportJob, { id: this.jobId }, values)
      .then(
        () => undefined,
        (error: unknown) => this.log.warn({ err: error }, 'import progress not stored'),
      )
      .finally(() => {
        this.inFlight = null;
        if (this.stale) {
          this.stale = false;
          this.publish();
        }
      });
  }
}
