import type { Readable } from 'node:stream';

/** A stored file as read back: its bytes as a stream, with its length and type. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where photos and signatures are kept: one interface, two real implementations chosen by configuration
 * (pg-file-storage.ts, the default, and s3-file-storage.ts). A key names one file; keys are made by the caller and
 * carry no personal data. A file is written whole or not at all, and read as a stream.
 */
export interface FileStorage {
  /** Writes the file under the key, replacing one of the same key. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The file, or null when no file has the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the files; a key without a file is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * The files whose key starts with `prefix` and comes after `after` (null: from the first), in key order, at most
   * `limit`, each with when it was written by the storage's own clock (real time).
   */
  list(prefix: string, after: string | null, limit: number): Promise<ListedFile[]>;
}

/** A stored file as a listing names it. */
export interface ListedFile {
  key: string;
  writtenAt: Date;
}
