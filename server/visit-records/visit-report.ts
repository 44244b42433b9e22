import type { EntityManager } from '@mikro-orm/postgresql';
import { VISIT_PHOTOS_MAX } from '../../shared/visit-records.js';
import type { FileStorage } from '../common/files/file-storage.js';
import { VisitPhoto, type VisitPhotoKind } from './visit-photo.entity.js';
import { VisitRecord } from './visit-record.entity.js';
import type { VisitPart } from './visit-record.types.js';

/** An image the report mail carries inline (a photo's thumbnail, the signature). */
export interface ReportImage {
  kind: VisitPhotoKind | 'SIGNATURE';
  contentType: string;
  content: Buffer;
}

/**
 * What the consumer's work report says (docs/decisions/technician.md, Visit records): the appliance, the parts used,
 * the note for the consumer, when signed, and the images that go with it. Never the office note or the parts needed.
 */
export interface VisitReportContent {
  applianceBrand: string | null;
  applianceModel: string | null;
  partsUsed: VisitPart[];
  consumerNote: string | null;
  signedAt: Date | null;
  /** The signature (PNG), then the thumbnails of the photos marked for the consumer, oldest first. */
  images: ReportImage[];
}

/** A stored file whole; null when it is gone (removed after the retention period). */
async function readStored(files: FileStorage, key: string): Promise<{ content: Buffer; contentType: string } | null> {
  const file = await files.get(key);
  if (!file) return null;
  const pieces: Buffer[] = [];
  for await (const piece of file.body as AsyncIterable<Buffer>) pieces.push(piece);
  return { content: Buffer.concat(pieces), contentType: file.contentType };
}

/** The consumer's report of the order's visit, its images read from the file storage; null without a record. */
export async function visitReportContent(
  em: EntityManager,
  files: FileStorage,
  orderId: number,
): Promise<VisitReportContent | null> {
  const record = await em.findOne(VisitRecord, { order: orderId });
  if (!record) return null;
  const photos = await em.find(
    VisitPhoto,
    { order: orderId, forConsumer: true },
    { orderBy: { id: 'asc' }, limit: VISIT_PHOTOS_MAX },
  );
  const images: ReportImage[] = [];
  if (record.signatureKey !== null) {
    const signature = await readStored(files, record.signatureKey);
    if (signature) images.push({ kind: 'SIGNATURE', ...signature });
  }
  for (const photo of photos) {
    const thumbnail = await readStored(files, photo.thumbnailKey);
    if (thumbnail) images.push({ kind: photo.kind, ...thumbnail });
  }
  return {
    applianceBrand: record.applianceBrand,
    applianceModel: record.applianceModel,
    partsUsed: record.partsUsed,
    consumerNote: record.consumerNote,
    signedAt: record.signatureKey === null ? null : record.signedAt,
    images,
  };
}
