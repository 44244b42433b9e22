import type { MikroORM } from '@mikro-orm/postgresql';
import type { FileStorageConfig } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { PgFileStorage } from './pg-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

/** The storage the configuration names (FILE_STORAGE). */
export function createFileStorage(config: FileStorageConfig, orm: MikroORM): FileStorage {
  return config.kind === 's3' ? new S3FileStorage(config) : new PgFileStorage(orm);
}
