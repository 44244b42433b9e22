import { Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FileStorage, ListedFile, StoredFile } from './file-storage.js';

/** A file is read in pieces of this size, so a large one never sits whole in memory (nor in one result row). */
const PIECE_BYTES = 256 * 1024;

const PUT_SQL = `
  insert into stored_files (key, content_type, size, content, created_at) values (?, ?, ?, ?, now())
  on conflict (key) do update set content_type = excluded.content_type, size = excluded.size,
    content = excluded.content, created_at = excluded.created_at`;
const HEAD_SQL = 'select content_type, size from stored_files where key = ?';
const PIECE_SQL = 'select substring(content from ? for ?) as piece from stored_files where key = ?';
/** By the primary key's order: a range from `after`, the prefix checked on each row. */
const LIST_SQL = `
  select key, created_at from stored_files where key > ? and starts_with(key, ?) order by key limit ?`;
/** The keys as placeholders: the driver's parameters take no arrays (a list is spelt out). */
const deleteSql = (count: number) => `delete from stored_files where key in (${Array(count).fill('?').join(', ')})`;

/** Files in a table of PostgreSQL (bytea): the default, so a start needs nothing besides the database. */
export class PgFileStorage implements FileStorage {
  constructor(private readonly orm: MikroORM) {}

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    await this.orm.em.getConnection().execute(PUT_SQL, [key, contentType, content.length, content]);
  }

  async get(key: string): Promise<StoredFile | null> {
    const connection = this.orm.em.getConnection();
    const [head] = await connection.execute<{ content_type: string; size: number }[]>(HEAD_SQL, [key]);
    if (!head) return null;
    const size = Number(head.size);
    let offset = 0;
    const body = new Readable({
      read() {
        if (offset >= size) return void this.push(null);
        // bytea's substring counts from 1.
        connection.execute<{ piece: Buffer | null }[]>(PIECE_SQL, [offset + 1, PIECE_BYTES, key]).then(
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
    const rows = await this.orm.em
      .getConnection()
      .execute<{ key: string; created_at: Date }[]>(LIST_SQL, [after ?? prefix, prefix, limit]);
    return rows.map((row) => ({ key: row.key, writtenAt: new Date(row.created_at) }));
  }

  async delete(keys: readonly string[]): Promise<void> {
    // A statement's parameters are bounded: a long list goes in pieces.
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await this.orm.em.getConnection().execute(deleteSql(batch.length), batch);
    }
  }
}
