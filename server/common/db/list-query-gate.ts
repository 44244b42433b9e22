import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListQueryLimits } from '../../config.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import { isStatementTimeout } from '../errors/statement-timeout.js';

/** Waiting lists beyond this are refused at once: a burst cannot pile up requests without end. */
const MAX_WAITING = 50;

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

/**
 * The admins' heavy lists (the order list with its search and filters): at most `concurrent` run at once in
 * this instance, each in a read-only transaction with its own statement timeout. The rest of the pool stays
 * free for consumers, technicians and health checks however many lists admins ask for at once (several
 * tabs, a script, aliases in one request). A list that waits longer than one list may run is refused as
 * busy; a list the database cannot finish in time is refused as too broad. Neither is a 500.
 */
export class ListQueryGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: ListQueryLimits) {}

  async run<T>(em: EntityManager, work: (em: EntityManager) => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await em.transactional(
        async (transaction) => {
          // `set local` ends with the transaction: the connection goes back to the pool with its own timeout.
          await transaction.execute(`set local statement_timeout = ${Math.floor(this.limits.statementTimeoutMs)}`);
          return work(transaction);
        },
        { readOnly: true },
      );
    } catch (error) {
      if (isStatementTimeout(error)) throw new AppError(CommonError.LIST_TOO_BROAD, { cause: error });
      throw error;
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(new AppError(CommonError.LIST_BUSY));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // The slot passes straight from the list that ends to this one: `running` does not change.
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new AppError(CommonError.LIST_BUSY));
        }, this.limits.statementTimeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.running -= 1;
  }
}
