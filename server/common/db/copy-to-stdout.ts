import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { to as copyTo } from 'pg-copy-streams';
import { submitOnTransaction } from './copy-from-stdin.js';

/**
 * Starts `COPY (...) TO STDOUT` on the connection of `em`'s transaction and returns the stream of
 * its bytes, as PostgreSQL sends them (pg-copy-streams: each chunk holds whole or partial rows). The
 * statement runs in that transaction, so it sees the transaction's snapshot; statements the
 * transaction runs later queue behind it until the stream has ended.
 *
 * The caller must read the stream to its end or error before the transaction can commit or roll
 * back: a destroyed stream leaves the connection in the middle of the COPY. To stop early, cancel
 * the statement (`pg_cancel_backend`) and keep reading: it then ends with the cancel's error.
 */
export async function copyToStdout(em: EntityManager, sql: string, highWaterMark = 64 * 1024): Promise<Readable> {
  const stream = copyTo(sql, { highWaterMark });
  await submitOnTransaction(em, stream);
  return stream;
}
