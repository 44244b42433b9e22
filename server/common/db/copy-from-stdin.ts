import type { Readable, Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { from as copyFrom } from 'pg-copy-streams';

/** The parts of MikroORM's transaction context (a Kysely transaction) that reach its connection. */
interface TransactionContext {
  getExecutor(): {
    provideConnection<T>(consumer: (connection: KyselyConnection) => Promise<T>): Promise<T>;
  };
}

interface KyselyConnection {
  executeQuery(query: { sql: unknown; parameters: readonly unknown[]; queryId: unknown }): Promise<unknown>;
}

/**
 * Starts `COPY ... FROM STDIN` on the connection of `em`'s transaction and returns the stream to
 * write the data to; the rows become part of that transaction. Kysely (under MikroORM) hands its
 * query to `pg`'s `client.query()` as it is, and `pg` runs any object with a `submit` method, which
 * is what a pg-copy-streams query is: so the copy is submitted on the transaction's own client, and
 * statements the transaction runs later queue behind it until the stream ends.
 *
 * The caller must end the stream (or destroy it, which makes PostgreSQL fail the COPY) before the
 * transaction can commit or roll back, and learns the outcome with `finished(stream)`.
 */
export async function copyFromStdin(em: EntityManager, sql: string, highWaterMark = 64 * 1024): Promise<Writable> {
  const stream = copyFrom(sql, { highWaterMark });
  await submitOnTransaction(em, stream);
  return stream;
}

/**
 * Submits a pg-copy-streams query on the connection of `em`'s transaction (see copyFromStdin for why
 * this reaches `pg`'s client). A failure reported before the caller looks (a dropped connection)
 * must not go unhandled; finished() still rejects with it.
 */
export async function submitOnTransaction(em: EntityManager, stream: Readable | Writable): Promise<void> {
  const transaction = em.getTransactionContext<TransactionContext>();
  if (!transaction) throw new Error('COPY needs the transaction of the entity manager');
  stream.on('error', () => undefined);
  await transaction
    .getExecutor()
    .provideConnection((connection) => connection.executeQuery({ sql: stream, parameters: [], queryId: {} }));
}
