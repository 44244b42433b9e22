import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  APPLIANCE_TEXT_MAX_LENGTH,
  PART_ARTICLE_NUMBER_MAX_LENGTH,
  PART_NAME_MAX_LENGTH,
  PART_QUANTITY_MAX,
  VISIT_CLIENT_ID_MAX_LENGTH,
  VISIT_PARTS_MAX,
  VISIT_PHOTO_MAX_BYTES,
  VISIT_PHOTOS_MAX,
  VISIT_RECORD_NOTE_MAX_LENGTH,
  VISIT_SIGNATURE_MAX_BYTES,
} from '../../shared/visit-records.js';
import { formatDayMonthYear, localDateOf } from '../../shared/zoned-time.js';
import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { changedValues, type OrderValues } from '../audit/order-values.js';
import { Role } from '../common/auth/role.js';
import type { TechnicianViewer } from '../common/auth/viewer.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { BoundedUpload } from '../common/http/graphql-uploads.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import type { AppContext } from '../context.js';
import type { PendingUpload } from '../imports/index.js';
import { Order, OrderRepository } from '../orders/index.js';
import { photoTarget, VisitRecordRepository } from './repository/visit-record.repository.js';
import { encodePhoto, encodeSignature, readWhole } from './visit-images.js';
import { visitFileLinks } from './visit-file-links.js';
import { mergeParts } from './visit-parts-merge.js';
import { VisitPhoto } from './visit-photo.entity.js';
import type {
  AddVisitPhotoInput,
  RemoveVisitPhotoInput,
  SaveVisitRecordInput,
  SignVisitInput,
  VisitPartInput,
} from './visit-record.inputs.js';
import { VisitRecord } from './visit-record.entity.js';
import { VisitRecordError } from './visit-record.errors.js';
import type { ConsumerVisitRecord, VisitPart, VisitSignature } from './visit-record.types.js';

const MEGABYTE = 1024 * 1024;

/** A part as the history shows it: "2 × Pump (A-123)". */
const partText = (part: VisitPart) =>
  `${part.quantity} × ${part.name}${part.articleNumber === null ? '' : ` (${part.articleNumber})`}`;
const partsText = (parts: readonly VisitPart[]) => (parts.length === 0 ? null : parts.map(partText).join('; '));

/** What the order's history records of a record's text (docs: the audit trail of orders, in CONTRIBUTING.md). */
const textValues = (record: VisitRecord | null): OrderValues => ({
  applianceBrand: record?.applianceBrand ?? null,
  applianceModel: record?.applianceModel ?? null,
  applianceSerialNumber: record?.applianceSerialNumber ?? null,
  partsUsed: partsText(record?.partsUsed ?? []),
  partsNeeded: partsText(record?.partsNeeded ?? []),
  officeNote: record?.officeNote ?? null,
  consumerNote: record?.consumerNote ?? null,
});

/** Trimmed text, null when empty; a problem when longer than `max` characters. */
function text(value: string | null | undefined, field: string, max: number, problems: FieldProblem[]): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  if ([...trimmed].length > max) problems.push({ field, message: 'FIELD_TOO_LONG', params: { max } });
  return trimmed;
}

function parts(lines: readonly VisitPartInput[], field: string, problems: FieldProblem[]): VisitPart[] {
  if (lines.length > VISIT_PARTS_MAX) {
    problems.push({ field, message: 'VISIT_PARTS_TOO_MANY', params: { max: VISIT_PARTS_MAX } });
    return [];
  }
  return lines.map((line, index) => {
    const name = text(line.name, `${field}.${index}.name`, PART_NAME_MAX_LENGTH, problems);
    if (name === null) problems.push({ field: `${field}.${index}.name`, message: 'FIELD_REQUIRED' });
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > PART_QUANTITY_MAX) {
      problems.push({
        field: `${field}.${index}.quantity`,
        message: 'PART_QUANTITY_RANGE',
        params: { max: PART_QUANTITY_MAX },
      });
    }
    return {
      name: name ?? '',
      articleNumber: text(
        line.articleNumber,
        `${field}.${index}.articleNumber`,
        PART_ARTICLE_NUMBER_MAX_LENGTH,
        problems,
      ),
      quantity: line.quantity,
    };
  });
}

/** The checks at the edge: a real order id, a client id of a sane length. */
function checkIds(input: { orderId: number; clientId?: string }, problems: FieldProblem[] = []): void {
  if (!Number.isSafeInteger(input.orderId) || input.orderId <= 0) {
    problems.push({ field: 'orderId', message: 'BAD_USER_INPUT' });
  }
  if (input.clientId !== undefined) {
    if (input.clientId.trim() === '') problems.push({ field: 'clientId', message: 'FIELD_REQUIRED' });
    else if ([...input.clientId].length > VISIT_CLIENT_ID_MAX_LENGTH) {
      problems.push({ field: 'clientId', message: 'FIELD_TOO_LONG', params: { max: VISIT_CLIENT_ID_MAX_LENGTH } });
    }
  }
  if (problems.length > 0) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });
}

/**
 * The technician's record of a visit (docs/decisions/technician.md, Visit records): its text, photos and the
 * customer's signature, written by the order's technician on the visit day only, each change recorded in the order's
 * history in its transaction. Files are decoded and encoded anew before anything is stored, written to the file
 * storage before the row that names them, and removed again when that row is not written: a row never names a
 * missing file, and a refused upload leaves nothing behind.
 */
export class VisitRecordService {
  constructor(private readonly ctx: AppContext) {}

  private viewer(): TechnicianViewer {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.TECHNICIAN) throw new AppError(CommonError.FORBIDDEN);
    return viewer;
  }

  /** The order if it is the technician's own, active and of today; the same refusal for another's and for none. */
  private async ownOrderOfToday(em: EntityManager, orderId: number, lock: boolean): Promise<Order> {
    // Anyone but a technician is refused before the order is read.
    this.viewer();
    const notYours = () => new AppError(VisitRecordError.VISIT_RECORD_NOT_YOURS);
    const order = lock
      ? await new OrderRepository(em).activeForChange(orderId, { notFound: notYours, deleted: notYours })
      : await em.findOne(Order, orderId);
    if (!order) throw notYours();
    this.checkOwnToday({
      technicianId: order.technician?.id ?? null,
      country: order.country,
      appointment: order.appointment,
    });
    return order;
  }

  /** Refuses an order that is not the technician's own, or not of today (the same refusal for another's as for none). */
  private checkOwnToday(order: { technicianId: number | null; country: Country; appointment: Date }): void {
    if (order.technicianId !== this.viewer().technicianId) throw new AppError(VisitRecordError.VISIT_RECORD_NOT_YOURS);
    const zone = TIME_ZONE[order.country];
    const visitDay = localDateOf(order.appointment, zone);
    if (visitDay !== localDateOf(this.ctx.services.clock.now(), zone)) {
      throw new AppError(VisitRecordError.VISIT_RECORD_NOT_TODAY, { params: { date: formatDayMonthYear(visitDay) } });
    }
  }

  /** The record of the technician's own visit of today; null while nothing was recorded. */
  async technicianRecord(orderId: number): Promise<VisitRecord | null> {
    checkIds({ orderId });
    await this.ownOrderOfToday(this.ctx.em, orderId, false);
    return this.ctx.em.findOne(VisitRecord, { order: orderId });
  }

  /**
   * Saves what the input holds of the record's text: a field left out keeps the server's, a list of parts sent with
   * the list it was edited from is merged into the server's (a phone that edited an out-of-date copy offline changes
   * only what it changed). An unchanged save records nothing.
   */
  async save(input: SaveVisitRecordInput): Promise<VisitRecord> {
    const problems: FieldProblem[] = [];
    const textOf = (
      field: 'applianceBrand' | 'applianceModel' | 'applianceSerialNumber' | 'officeNote' | 'consumerNote',
      max: number,
    ) => (input[field] === undefined ? undefined : text(input[field], field, max, problems));
    const partsOf = (field: 'partsUsed' | 'partsNeeded') => {
      const sent = input[field];
      if (sent === undefined || sent === null) return undefined;
      const before = input[`${field}Before`];
      return {
        sent: parts(sent, field, problems),
        before: before === undefined || before === null ? null : parts(before, `${field}Before`, problems),
      };
    };
    const texts = {
      applianceBrand: textOf('applianceBrand', APPLIANCE_TEXT_MAX_LENGTH),
      applianceModel: textOf('applianceModel', APPLIANCE_TEXT_MAX_LENGTH),
      applianceSerialNumber: textOf('applianceSerialNumber', APPLIANCE_TEXT_MAX_LENGTH),
      officeNote: textOf('officeNote', VISIT_RECORD_NOTE_MAX_LENGTH),
      consumerNote: textOf('consumerNote', VISIT_RECORD_NOTE_MAX_LENGTH),
    };
    const lists = { partsUsed: partsOf('partsUsed'), partsNeeded: partsOf('partsNeeded') };
    checkIds(input, problems);
    return this.ctx.em.transactional(async (em) => {
      const order = await this.ownOrderOfToday(em, input.orderId, true);
      const record = await this.recordOf(em, order);
      const before = textValues(record);
      for (const [field, value] of Object.entries(texts) as [keyof typeof texts, string | null | undefined][]) {
        if (value !== undefined) record[field] = value;
      }
      const merged: FieldProblem[] = [];
      for (const [field, list] of Object.entries(lists) as [keyof typeof lists, (typeof lists)[keyof typeof lists]][]) {
        if (!list) continue;
        record[field] = list.before === null ? list.sent : mergeParts(record[field], list.before, list.sent);
        if (record[field].length > VISIT_PARTS_MAX) {
          merged.push({ field, message: 'VISIT_PARTS_TOO_MANY', params: { max: VISIT_PARTS_MAX } });
        }
      }
      if (merged.length > 0) throw new AppError(CommonError.BAD_USER_INPUT, { fields: merged });
      const changed = changedValues(before, textValues(record));
      if (Object.keys(changed.after).length > 0) {
        record.updatedAt = this.ctx.services.clock.now();
        await recordOrderEvents(this.ctx, em, OrderEventKind.VISIT_RECORD_SAVED, [{ order, ...changed }]);
      }
      await em.flush();
      return record;
    });
  }

  /** Stores a photo once per client id: decoded, encoded anew without metadata, with its thumbnail. */
  async addPhoto(input: AddVisitPhotoInput, pending: PendingUpload): Promise<VisitPhoto> {
    checkIds(input);
    const { em, services } = this.ctx;
    // Checked before a byte of the photo is read; the write checks again under the order's lock.
    const target = await photoTarget(services, input.orderId, input.clientId);
    if (!target) throw new AppError(VisitRecordError.VISIT_RECORD_NOT_YOURS);
    const { technician_id: technicianId, country, appointment } = target;
    this.checkOwnToday({ technicianId, country, appointment: new Date(appointment) });
    if (target.stored_photo_id !== null) {
      const stored = await em.findOne(VisitPhoto, target.stored_photo_id);
      if (stored) return stored;
    }
    if (target.photo_count >= VISIT_PHOTOS_MAX) throw this.tooMany();
    const content = await this.receive(pending, VISIT_PHOTO_MAX_BYTES, VisitRecordError.VISIT_PHOTO_TOO_LARGE);
    const name = randomUUID();
    const fileKey = `visit-photos/${name}.jpg`;
    const thumbnailKey = `visit-photos/${name}-thumbnail.jpg`;
    const encoded = await encodePhoto(content, async ({ photo, thumbnail }) => {
      await services.files.put(fileKey, photo, 'image/jpeg');
      await services.files.put(thumbnailKey, thumbnail, 'image/jpeg');
    });
    const outcome = await this.written([fileKey, thumbnailKey], (tx) =>
      this.writePhoto(tx, input, { fileKey, thumbnailKey, width: encoded.width, height: encoded.height }),
    );
    return outcome;
  }

  private async writePhoto(
    em: EntityManager,
    input: AddVisitPhotoInput,
    file: { fileKey: string; thumbnailKey: string; width: number; height: number },
  ): Promise<{ value: VisitPhoto; keep: boolean }> {
    const order = await this.ownOrderOfToday(em, input.orderId, true);
    // The same upload sent again while this one was under way: that one is the photo.
    const stored = await em.findOne(VisitPhoto, { order: order.id, clientId: input.clientId });
    if (stored) return { value: stored, keep: false };
    if ((await new VisitRecordRepository(em).photoCount(order.id)) >= VISIT_PHOTOS_MAX) throw this.tooMany();
    await this.recordOf(em, order);
    const photo = em.create(VisitPhoto, {
      order,
      clientId: input.clientId,
      kind: input.kind,
      forConsumer: input.forConsumer,
      ...file,
      createdAt: this.ctx.services.clock.now(),
    });
    await recordOrderEvents(this.ctx, em, OrderEventKind.VISIT_PHOTO_ADDED, [
      {
        order,
        before: { visitPhoto: null },
        after: { visitPhoto: input.kind, visitPhotoForConsumer: input.forConsumer },
      },
    ]);
    await em.flush();
    return { value: photo, keep: true };
  }

  /**
   * Removes a photo taken by mistake (or marked for the customer by mistake): the row and its history event in one
   * transaction, the files once it committed. A photo already gone is no error, so a repeated send changes nothing.
   */
  async removePhoto(input: RemoveVisitPhotoInput): Promise<VisitRecord | null> {
    checkIds(input);
    const removed = await this.ctx.em.transactional(async (em) => {
      const order = await this.ownOrderOfToday(em, input.orderId, true);
      const photo = await em.findOne(VisitPhoto, { id: input.photoId, order: order.id });
      if (!photo) return null;
      em.remove(photo);
      await recordOrderEvents(this.ctx, em, OrderEventKind.VISIT_PHOTO_REMOVED, [
        {
          order,
          before: { visitPhoto: photo.kind, visitPhotoForConsumer: photo.forConsumer },
          after: { visitPhoto: null },
        },
      ]);
      await em.flush();
      return [photo.fileKey, photo.thumbnailKey];
    });
    if (removed) await this.removeFiles(removed);
    return this.ctx.em.findOne(VisitRecord, { order: input.orderId }, { refresh: true });
  }

  /** Stores the customer's signature once per client id; a new one replaces the one before. */
  async sign(input: SignVisitInput, pending: PendingUpload): Promise<VisitRecord> {
    checkIds(input);
    const { em, services } = this.ctx;
    const order = await this.ownOrderOfToday(em, input.orderId, false);
    const content = await this.receive(pending, VISIT_SIGNATURE_MAX_BYTES, VisitRecordError.VISIT_SIGNATURE_TOO_LARGE);
    const stored = await em.findOne(VisitRecord, { order: order.id });
    if (stored && stored.signatureClientId === input.clientId) return stored;
    const png = await encodeSignature(content);
    const key = `visit-signatures/${randomUUID()}.png`;
    await services.files.put(key, png, 'image/png');
    let replaced: string | null = null;
    const record = await this.written([key], async (tx) => {
      const locked = await this.ownOrderOfToday(tx, input.orderId, true);
      const record = await this.recordOf(tx, locked);
      if (record.signatureClientId === input.clientId) return { value: record, keep: false };
      const now = services.clock.now();
      const before = { visitSignedAt: record.signedAt?.toISOString() ?? null };
      replaced = record.signatureKey;
      Object.assign(record, { signatureKey: key, signatureClientId: input.clientId, signedAt: now, updatedAt: now });
      await recordOrderEvents(this.ctx, tx, OrderEventKind.VISIT_SIGNED, [
        { order: locked, before, after: { visitSignedAt: now.toISOString() } },
      ]);
      await tx.flush();
      return { value: record, keep: true };
    });
    // The signature it replaced, once the record no longer names it.
    if (replaced !== null) await this.removeFiles([replaced]);
    return record;
  }

  /** The record's photos, oldest first; for the consumer only those marked for the consumer. */
  photosOf(orderId: number, forConsumerOnly: boolean): Promise<VisitPhoto[]> {
    return this.ctx.em.find(
      VisitPhoto,
      { order: orderId, ...(forConsumerOnly ? { forConsumer: true } : {}) },
      { orderBy: { id: 'asc' }, limit: VISIT_PHOTOS_MAX },
    );
  }

  signatureOf(record: Pick<VisitRecord, 'signatureKey' | 'signedAt'>): VisitSignature | null {
    if (record.signatureKey === null || record.signedAt === null) return null;
    return { signedAt: record.signedAt, url: visitFileLinks(this.ctx.services).pathOf(record.signatureKey) };
  }

  /** What the consumer sees of the record of an order of the data token; null while nothing was recorded. */
  async consumerRecord(orderId: number): Promise<ConsumerVisitRecord | null> {
    const record = await this.ctx.em.findOne(VisitRecord, { order: orderId });
    if (!record) return null;
    return {
      applianceBrand: record.applianceBrand,
      applianceModel: record.applianceModel,
      consumerNote: record.consumerNote,
      photos: await this.photosOf(orderId, true),
      signature: this.signatureOf(record),
    };
  }

  private async recordOf(em: EntityManager, order: Order): Promise<VisitRecord> {
    const record = await em.findOne(VisitRecord, { order: order.id }, { refresh: true });
    return record ?? em.create(VisitRecord, { order, updatedAt: this.ctx.services.clock.now() });
  }

  /**
   * Runs the transaction that names files already stored; when it fails, or answers with what an earlier upload
   * stored (`keep: false`), the files go again.
   */
  private async written<T>(
    keys: string[],
    write: (em: EntityManager) => Promise<{ value: T; keep: boolean }>,
  ): Promise<T> {
    let outcome: { value: T; keep: boolean };
    try {
      outcome = await this.ctx.em.transactional(write);
    } catch (error) {
      await this.removeFiles(keys);
      throw error;
    }
    if (!outcome.keep) await this.removeFiles(keys);
    return outcome.value;
  }

  /** Best effort: a file left behind names nobody and is never served (no row, no link). */
  private async removeFiles(keys: string[]): Promise<void> {
    try {
      await this.ctx.services.files.delete(keys);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'files of a refused upload not removed');
    }
  }

  private tooMany(): AppError {
    return new AppError(VisitRecordError.VISIT_PHOTOS_TOO_MANY, { params: { max: VISIT_PHOTOS_MAX } });
  }

  /** The upload's bytes, whole and within `maxBytes`. */
  private async receive(
    pending: PendingUpload,
    maxBytes: number,
    tooLarge: (typeof VisitRecordError)[keyof typeof VisitRecordError],
  ): Promise<Buffer> {
    const refusedAsLarge = () => new AppError(tooLarge, { params: { max: Math.round(maxBytes / MEGABYTE) } });
    let source: Readable;
    let upload: BoundedUpload;
    try {
      upload = await pending.file;
      source = upload.createReadStream();
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      throw status === 413 ? refusedAsLarge() : new AppError(VisitRecordError.VISIT_FILE_NOT_RECEIVED);
    }
    return readWhole(source, maxBytes, refusedAsLarge, upload.sizeAtMost);
  }
}
