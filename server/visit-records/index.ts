/**
 * The technician's record of a visit (appliance, parts, notes, photos, signature): its resolvers, the route that
 * serves its files by signed link, the removal of its files after the retention period, and what it holds of a person.
 */
import {
  ConsumerVisitRecordResolver,
  OrderVisitRecordResolver,
  VisitPhotoResolver,
  VisitRecordFieldsResolver,
  VisitRecordResolver,
  VisitReportLinkResolver,
  ScheduleOrderPreviousVisitResolver,
} from './visit-record.resolver.js';

export const visitRecordResolvers = [
  VisitRecordResolver,
  VisitRecordFieldsResolver,
  VisitPhotoResolver,
  OrderVisitRecordResolver,
  ConsumerVisitRecordResolver,
  VisitReportLinkResolver,
  ScheduleOrderPreviousVisitResolver,
] as const;

export { VisitPhoto, VisitPhotoKind } from './visit-photo.entity.js';
export { encodePhoto, encodeSignature, loadSharp } from './visit-images.js';
export { VisitRecord } from './visit-record.entity.js';
export { PHOTO_TARGET_SAMPLE } from './repository/visit-record.repository.js';
export { visitFileRouter } from './visit-file-links.js';
export { deleteVisitFiles, removeExpiredVisitFiles, removeOrphanVisitFiles } from './visit-file-retention.js';
export { visitRecordsHolder } from './visit-record-holder.js';
export { visitReportContent, type VisitReportContent } from './visit-report.js';
