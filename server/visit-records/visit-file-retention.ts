import type { FileStorage } from '../common/files/file-storage.js';
import type { AppServices } from '../context.js';
import { VisitRecordRepository } from './repository/visit-record.repository.js';

/** Files removed per statement: a batch's keys fit one S3 DeleteObjects call. */
const BATCH = 500;

/** Deletes the stored files of visit records, batch by batch; a key without a file is no error. */
export async function deleteVisitFiles(files: FileStorage, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH) await files.delete(keys.slice(start, start + BATCH));
}

/**
 * Removes the photos and signatures of visits more than `visitFileRetentionDays` days ago (docs/decisions/technician.md,
 * Visit records): the files first, then the rows that named them, batch by batch, so a failure halfway leaves rows that
 * the next run removes again (a missing file is no error) and never a row naming a missing file. The record's text
 * stays. Resolves to how many files went.
 */
export async function removeExpiredVisitFiles(
  services: Pick<AppServices, 'orm' | 'files' | 'config'>,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - services.config.visitFileRetentionDays * 86_400_000);
  const records = new VisitRecordRepository(services.orm.em.fork());
  let removed = 0;
  for (;;) {
    const photos = await records.expiredPhotos(cutoff, BATCH);
    if (photos.length === 0) break;
    await deleteVisitFiles(
      services.files,
      photos.flatMap((photo) => [photo.file_key, photo.thumbnail_key]),
    );
    await records.deletePhotos(photos.map((photo) => photo.id));
    removed += photos.length * 2;
  }
  for (;;) {
    const signatures = await records.expiredSignatures(cutoff, BATCH);
    if (signatures.length === 0) break;
    await deleteVisitFiles(
      services.files,
      signatures.map((row) => row.signature_key),
    );
    await records.clearSignatures(signatures.map((row) => row.id));
    removed += signatures.length;
  }
  return removed;
}
