import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../common/errors/app-error.js';
import type { AppServices } from '../context.js';
import { verifyMailOpenToken } from './mail-open-token.js';
import { StatisticsRepository } from './repository/statistics.repository.js';

export type MailOpenOutcome = 'recorded' | 'invalid-token' | 'unknown-order' | 'rate-limited';

/** Records that a consumer opened a mail about an order (the tracking pixel was loaded). */
export class MailOpenService {
  constructor(
    private readonly services: AppServices,
    private readonly em: EntityManager,
  ) {}

  async record(token: string): Promise<MailOpenOutcome> {
    const orderId = verifyMailOpenToken(this.services.config.jwtSecret, token);
    if (orderId === null) return 'invalid-token';
    try {
      // A mail client that reloads the image in a loop must not inflate averageMailRead without end.
      await this.services.rateLimiter.consume('MAIL_OPEN_PER_ORDER', String(orderId));
    } catch (error) {
      if (error instanceof AppError) return 'rate-limited';
      throw error;
    }
    // Inserted only while the order exists: a token of a removed order records nothing.
    const recorded = await new StatisticsRepository(this.em).recordMailOpen(orderId, this.services.clock.now());
    return recorded ? 'recorded' : 'unknown-order';
  }
}
