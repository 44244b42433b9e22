import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config.js';
import type { FileStorage, ListedFile, StoredFile } from './file-storage.js';

/** S3's DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/** Files in an S3-compatible bucket (AWS, MinIO, Ceph, ...), as configured (docs/configuration.md, File storage). */
export class S3FileStorage implements FileStorage {
  /**
   * The AWS SDK, loaded when a storage is made: it is a large part of the server's code, and an installation that
   * keeps its files in PostgreSQL never loads it at all.
   */
  private readonly connection: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }>;

  constructor(private readonly config: S3StorageConfig) {
    this.connection = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: S3FileStorage.client(sdk, config) }));
    // Awaited by each use; a failure to load surfaces there, not as an unhandled rejection.
    this.connection.catch(() => undefined);
  }

  private static client(sdk: typeof import('@aws-sdk/client-s3'), config: S3StorageConfig): S3Client {
    return new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.pathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: the stores that speak S3 (MinIO, Ceph, older releases) do not all know
      // the newer checksum headers and trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connection;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: content,
        ContentType: contentType,
        ContentLength: content.length,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    const { sdk, client } = await this.connection;
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 answer has no readable body');
      return {
        body: answer.Body,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (error instanceof sdk.NoSuchKey) return null;
      if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const { sdk, client } = await this.connection;
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.config.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length) throw new Error(`S3 kept ${answer.Errors.length} of the files to delete`);
    }
  }

  async list(prefix: string, after: string | null, limit: number): Promise<ListedFile[]> {
    const { sdk, client } = await this.connection;
    const answer = await client.send(
      new sdk.ListObjectsV2Command({
        Bucket: this.config.bucket,
        Prefix: prefix,
        MaxKeys: Math.min(limit, DELETE_BATCH),
        ...(after === null ? {} : { StartAfter: after }),
      }),
    );
    return (answer.Contents ?? []).flatMap((object) =>
      object.Key && object.LastModified ? [{ key: object.Key, writtenAt: object.LastModified }] : [],
    );
  }
}
