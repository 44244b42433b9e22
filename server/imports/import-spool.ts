import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stagingLine } from './import-staging.js';
import type { StagedOrder, StagedReference } from './order-row.js';

/** Bytes of rows gathered before one write to the file. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The checked rows of one import, in PostgreSQL's COPY text format, in a private temporary file: the
 * upload is read to its end before the database is touched, so a slow or stalled upload holds no
 * transaction, connection or lock. The file holds personal data only until `remove()` (always called).
 */
export class ImportSpool {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private count = 0;

  private constructor(
    private readonly dir: string,
    private readonly file: string,
    private readonly out: WriteStream,
  ) {}

  static async create(): Promise<ImportSpool> {
    const dir = await mkdtemp(join(tmpdir(), 'tijdvak-import-'));
    const file = join(dir, 'rows.copy');
    const out = createWriteStream(file, { mode: 0o600 });
    // Failures surface through write callbacks and finished(); the listener keeps them off the process.
    out.on('error', () => undefined);
    return new ImportSpool(dir, file, out);
  }

  /** Rows added so far. */
  get rows(): number {
    return this.count;
  }

  /**
   * Adds one row. The promise, when there is one, is a full chunk being written: awaiting it keeps
   * memory flat when the disk is slower than the upload.
   */
  add(row: StagedOrder | StagedReference): Promise<void> | undefined {
    const line = stagingLine(row);
    this.count++;
    const free = this.chunk.length - this.used;
    // A UTF-16 code unit takes at most 3 bytes in UTF-8: counting bytes is rarely needed.
    if (line.length * 3 <= free || Buffer.byteLength(line) <= free) {
      this.used += this.chunk.write(line, this.used);
      return undefined;
    }
    const full = this.chunk.subarray(0, this.used);
    this.chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, Buffer.byteLength(line)));
    this.used = this.chunk.write(line, 0);
    return this.write(full);
  }

  /** Writes what is gathered and closes the file; after this it can be read. */
  async finish(): Promise<void> {
    if (this.used > 0) await this.write(this.chunk.subarray(0, this.used));
    this.used = 0;
    this.out.end();
    await finished(this.out);
  }

  /** The rows as written, for COPY ... FROM STDIN. */
  open(): Readable {
    return createReadStream(this.file);
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.dir, { recursive: true, force: true });
  }

  private write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.out.write(bytes, (error) => (error ? reject(error) : resolve()));
    });
  }
}
