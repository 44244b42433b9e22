import { Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { plainQuery, type PlainQuery } from '../db/plain-statements.js';
import type { FileStorage, ListedFile, StoredFile } from './file-storage.js';

/** A file is read in pieces of this size, so a large one never sits whole in memory (nor in one result row). */
const PIECE_BYTES = 256 * 1024;

const PUT_SQL = `
  insert into stored_files (key, content_type, size, content, created_at) values (?, ?, ?, ?, now())
  on conflict (key) do update set content_type = excluded.content_type, size = excluded.size,
    content = excluded.content, created_at = excluded.created_at`;
const HEAD_SQL = 'select content_type, size from stored_files where key = ?';
/** bytea's substring counts from 1. */
const PIECE_SQL = 'select substring(content from ? for ?) as piece from stored_files where key = ?';
/** By the primary key's order: a range from `after`, the prefix checked on each row. */
const LIST_SQL = `
  select key, created_at from stored_files where key > ? and starts_with(key, ?) order by key limit ?`;
/** The keys as placeholders: the driver's parameters take no arrays (a list is spelt out). */
const deleteSql = (count: number) => `delete from stored_files where key in (${Array(count).fill('?').join(', ')})`;

/**
 * Files in a table of PostgreSQL (bytea): the default, so a start needs nothing besides the database. Contents go as
 * bind parameters (`plainQuery`): the ORM's `execute` would write a photo into the statement's text as hex, in
 * JavaScript, holding the event loop for tens of milliseconds per photo while the other requests wait.
 */
export class PgFileStorage implements FileStorage {
  private query: Promise<PlainQuery> | undefined;

  constructor(private readonly orm: MikroORM) {}

  private run<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    this.query ??= plainQuery(this.orm.em);
    return this.query.then((query) => query<Row>(sql, params));
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    await this.run(PUT_SQL, [key, contentType, content.length, content]);
  }

  async get(key: string): Promise<StoredFile | null> {
    const [head] = await this.run<{ content_type: string; size: number }>(HEAD_SQL, [key]);
    if (!head) return null;
    const size = Number(head.size);
    let offset = 0;
    const pieceFrom = (at: number) => this.run<{ piece: Buffer | null }>(PIECE_SQL, [at + 1, PIECE_BYTES, key]);
    const body = new Readable({
      read() {
        if (offset >= size) return void this.push(null);
        pieceFrom(offset).then(
          ([row]) => {
            const piece = row?.piece;
            // Deleted while read: the stream fails rather than ending short as if whole.
            if (!piece || piece.length === 0) return void this.destroy(new Error('The stored file went away'));
            offset += piece.length;
            this.push(piece);
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
    return { body, size, contentType: head.content_type };
  }

  async list(prefix: string, after: string | null, limit: number): Promise<ListedFile[]> {
    const rows = await this.run<{ key: string; created_at: Date }>(LIST_SQL, [after ?? prefix, prefix, limit]);
    return rows.map((row) => ({ key: row.key, writtenAt: new Date(row.created_at) }));
  }

  async delete(keys: readonly string[]): Promise<void> {
    // A statement's parameters are bounded: a long list goes in pieces.
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await this.run(deleteSql(batch.length), batch);
    }
  }
}
