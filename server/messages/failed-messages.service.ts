import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { decodeCursor, encodeCursor, pageSizeOf, type Connection } from '../common/pagination.js';
import { maskEmail, maskMobileNumber } from '../consumer-links/masked-contact.js';
import { MessageChannel } from './consumer-message.entity.js';
import type { FailedConsumerMessage, FailedConsumerMessagesArgs } from './failed-messages.types.js';
import { MessageFailureCode } from './message-failure.js';
import { FailedMessagesRepository, type FailedMessageRow } from './repository/failed-messages.repository.js';

/** Counting stops here, as the order list's does: an office with more failures than this reads "more than". */
export const FAILED_COUNT_LIMIT = 1_000;

const masked = (row: FailedMessageRow) =>
  row.recipient === null
    ? null
    : row.channel === MessageChannel.EMAIL
      ? maskEmail(row.recipient)
      : maskMobileNumber(row.recipient);

/**
 * The office's log of failed consumer messages across orders (docs/decisions/messages.md): newest first, by failure
 * code, paged by cursor, under the admins' list share of the pool. Sending one again is the order log's own rule
 * (`MessageLogService.resend`), so both screens refuse and record alike.
 */
export class FailedMessagesService {
  constructor(private readonly ctx: AppContext) {}

  async page(args: FailedConsumerMessagesArgs): Promise<Connection<FailedConsumerMessage>> {
    const size = pageSizeOf(args.first);
    const code = args.failureCode ?? null;
    const after = args.after
      ? decodeCursor<{ failedAt: Date; id: number }>(args.after, [
          { property: 'failedAt', kind: 'date', direction: 'desc' },
          { property: 'id', kind: 'number', direction: 'desc' },
        ])
      : null;
    const { rows, total } = await this.ctx.services.listQueries.run(this.ctx.em, async (em: EntityManager) => {
      const repository = new FailedMessagesRepository(em);
      const rows = await repository.page({
        code,
        after: after ? { failedAt: after[0] as Date, id: after[1] as number } : null,
        limit: size + 1,
      });
      // A first page that is not full is the count.
      const total = !after && rows.length <= size ? rows.length : await repository.count(code, FAILED_COUNT_LIMIT);
      return { rows, total };
    });
    const edges = rows.slice(0, size).map((row) => {
      const failedAt = new Date(row.failed_at);
      const node: FailedConsumerMessage = {
        id: row.id,
        kind: row.kind,
        channel: row.channel,
        maskedRecipient: masked(row),
        failureCode: row.failure_code ?? MessageFailureCode.UNKNOWN,
        failureReason: row.last_error,
        tries: row.tries,
        failedAt,
        orderId: row.order_id,
        referenceNumber: row.reference_number,
        country: row.country,
      };
      return { node, cursor: encodeCursor([failedAt, row.id]) };
    });
    return {
      edges,
      totalCount: Math.min(total, FAILED_COUNT_LIMIT),
      totalCountExact: total <= FAILED_COUNT_LIMIT,
      pageInfo: {
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
        hasNextPage: rows.length > size,
      },
    };
  }
}
