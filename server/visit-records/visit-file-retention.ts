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

/** The folders of the file storage that visit records name files in. */
const VISIT_FILE_PREFIXES = ['visit-photos/', 'visit-signatures/'] as const;

/**
 * How long a file may stay unnamed: an upload writes its files before the row that names them (and a refused one
 * removes them again), so only a file older than any upload can be one left behind by a process that died halfway.
 */
export const ORPHAN_GRACE_MS = 24 * 3_600_000;

/**
 * Removes the files of visit records that no row names and that were written more than `ORPHAN_GRACE_MS` ago
 * (docs/decisions/technician.md, Visit records): left behind by an upload, or a removal, that stopped halfway. The
 * age is the storage's own (real time), so it is measured against `realNow`, not a clock set elsewhere. Resolves to how
 * many files went.
 */
export async function removeOrphanVisitFiles(
  services: Pick<AppServices, 'orm' | 'files'>,
  realNow: Date,
): Promise<number> {
  const cutoff = realNow.getTime() - ORPHAN_GRACE_MS;
  const records = new VisitRecordRepository(services.orm.em.fork());
  let removed = 0;
  for (const prefix of VISIT_FILE_PREFIXES) {
    let after: string | null = null;
    for (;;) {
      const listed = await services.files.list(prefix, after, BATCH);
      if (listed.length === 0) break;
      after = listed[listed.length - 1].key;
      const old = listed.filter((file) => file.writtenAt.getTime() < cutoff).map((file) => file.key);
      const orphans = await records.unnamedKeys(old);
      await deleteVisitFiles(services.files, orphans);
      removed += orphans.length;
      if (listed.length < BATCH) break;
    }
  }
  return removed;
}
