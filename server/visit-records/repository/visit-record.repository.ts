import type { EntityManager } from '@mikro-orm/postgresql';
import type { Country } from '../../common/locale.js';
import type { StatementSample } from '../../common/db/plain-statements.js';
import type { AppServices } from '../../context.js';
import { FOLLOW_UP_WINDOW_DAYS } from '../../../shared/office-figures.js';
import { activeOrderSql, SAME_CUSTOMER_ANY_COUNTRY_SQL } from '../../orders/index.js';
import type { VisitOutcome } from '../../visits/visit-status.entity.js';
import type { VisitPart } from '../visit-record.types.js';

/** A photo's files, as the retention removes them. */
export interface ExpiredPhotoRow {
  id: number;
  file_key: string;
  thumbnail_key: string;
}

/** A signature's file, as the retention removes it. */
export interface ExpiredSignatureRow {
  id: number;
  signature_key: string;
}

const PHOTO_COUNT_SQL = 'select count(*)::int as count from visit_photos where order_id = ?';

/** An active order with what a photo's upload checks before its body is read. */
const PHOTO_TARGET_SQL = `
  select o.technician_id, o.country, o.appointment,
         (select p.id from visit_photos p where p.order_id = o.id and p.client_id = ?) as stored_photo_id,
         (select count(*)::int from visit_photos p where p.order_id = o.id) as photo_count
    from orders o
   where o.id = ? and ${activeOrderSql('o')}`;

/** The photo's first check as the start readies it on each connection: photos come in bursts. */
export const PHOTO_TARGET_SAMPLE: StatementSample = { sql: PHOTO_TARGET_SQL, params: [null, null] };

/** What a photo's upload checks first: whose order and which day, the photo already sent with its id, how many. */
export interface PhotoTargetRow {
  technician_id: number | null;
  country: Country;
  appointment: Date | string;
  stored_photo_id: number | null;
  photo_count: number;
}

/**
 * The order a photo goes to, as one plain statement on the pool: twenty photos arriving at once each loaded the
 * order, its photo of the same id and their count through the ORM, whose query building took about 60 ms of the
 * server's thread in the burst's first half second (a CPU profile) while consumers looked up their visits.
 */
export async function photoTarget(
  services: Pick<AppServices, 'plainStatements'>,
  orderId: number,
  clientId: string,
): Promise<PhotoTargetRow | undefined> {
  const [row] = await services.plainStatements.rows<PhotoTargetRow>(PHOTO_TARGET_SQL, [clientId, orderId]);
  return row;
}

/** Photos of visits whose day started before the cutoff, oldest first. */
const EXPIRED_PHOTOS_SQL = `
  select p.id, p.file_key, p.thumbnail_key
  from visit_photos p
  join orders o on o.id = p.order_id
  where o.appointment < ?
  order by p.id
  limit ?`;

const EXPIRED_SIGNATURES_SQL = `
  select r.id, r.signature_key
  from visit_records r
  join orders o on o.id = r.order_id
  where r.signature_key is not null and o.appointment < ?
  order by r.id
  limit ?`;

const DELETE_PHOTOS_SQL = 'delete from visit_photos where id = any(?::int[])';

/** The signature's file goes; that the visit was signed, and when, stays with the record's text. */
const CLEAR_SIGNATURES_SQL = 'update visit_records set signature_key = null where id = any(?::int[])';

/** A person's visit records, one per order, with how many photos each has. */
const HELD_RECORDS_SQL = `
  select r.order_id as "orderId", r.appliance_brand as "applianceBrand", r.appliance_model as "applianceModel",
         r.appliance_serial_number as "applianceSerialNumber", r.parts_used as "partsUsed",
         r.parts_needed as "partsNeeded", r.office_note as "officeNote", r.consumer_note as "consumerNote",
         (select count(*)::int from visit_photos p where p.order_id = r.order_id) as "photos",
         r.signature_key is not null as "signed", r.signed_at as "signedAt"
  from visit_records r
  where r.order_id = any(?::int[])
  order by r.order_id
  limit ?`;

const HELD_SIGNATURES_SQL = `
  select signature_key from visit_records where order_id = any(?::int[]) and signature_key is not null`;

/** The notes and the signature go; the appliance and the parts describe the appliance, not the person, and stay. */
const ERASE_RECORDS_SQL = `
  update visit_records
  set office_note = null, consumer_note = null, signature_key = null, signature_client_id = null
  where order_id = any(?::int[])
    and (office_note is not null or consumer_note is not null or signature_key is not null
         or signature_client_id is not null)`;

const ERASE_PHOTOS_SQL = 'delete from visit_photos where order_id = any(?::int[]) returning file_key, thumbnail_key';

/**
 * Per order of the technician, the latest record of an earlier visit to the same customer (the lookup's rule: address
 * in NL, phone in BE) within the follow-up window of days before (shared/office-figures.ts, the first-time fix's
 * rule): the earlier order active, its window before this one's. Orders of another technician get nothing.
 */
const PREVIOUS_RECORDS_SQL = `
  select distinct on (o.id) o.id as "orderId", same.appointment as "appointment", s.outcome as "outcome",
         r.appliance_brand as "applianceBrand", r.appliance_model as "applianceModel",
         r.appliance_serial_number as "applianceSerialNumber", r.parts_used as "partsUsed",
         r.parts_needed as "partsNeeded", r.office_note as "officeNote"
  from orders o
  join orders same on ${SAME_CUSTOMER_ANY_COUNTRY_SQL} and ${activeOrderSql('same')} and same.id <> o.id
    and same.appointment < o.appointment
    and same.appointment >= o.appointment - make_interval(days => ${FOLLOW_UP_WINDOW_DAYS})
  join visit_records r on r.order_id = same.id
  left join visit_statuses s on s.order_id = same.id
  where o.id = any(?::int[]) and o.technician_id = ?
  order by o.id, same.appointment desc, same.id desc`;

/** The record of an earlier visit to the same customer, as the technician's card shows it. */
export interface PreviousRecordRow {
  orderId: number;
  appointment: Date;
  outcome: VisitOutcome | null;
  applianceBrand: string | null;
  applianceModel: string | null;
  applianceSerialNumber: string | null;
  partsUsed: VisitPart[];
  partsNeeded: VisitPart[];
  officeNote: string | null;
}

/** Of these storage keys, those no photo and no record names: files an upload left behind. */
const UNNAMED_KEYS_SQL = `
  select k.key from unnest(?::text[]) as k(key)
  where not exists (select 1 from visit_photos p where p.file_key = k.key or p.thumbnail_key = k.key)
    and not exists (select 1 from visit_records r where r.signature_key = k.key)`;

/** A visit record as a data request finds it: the files counted, never their content. */
export interface HeldRecordRow {
  orderId: number;
  applianceBrand: string | null;
  applianceModel: string | null;
  applianceSerialNumber: string | null;
  partsUsed: VisitPart[];
  partsNeeded: VisitPart[];
  officeNote: string | null;
  consumerNote: string | null;
  photos: number;
  signed: boolean;
  signedAt: Date | null;
}

/** Ids as one PostgreSQL array literal: the driver's parameters take no arrays. */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** Keys as one PostgreSQL array literal, each quoted (keys are ours: letters, digits, `-`, `/`, `.`). */
const textArray = (keys: readonly string[]) => `{${keys.map((key) => `"${key.replace(/["\\]/g, '')}"`).join(',')}}`;

/** The statements of visit records that are not a plain load of an entity. */
export class VisitRecordRepository {
  constructor(private readonly em: EntityManager) {}

  async photoCount(orderId: number): Promise<number> {
    const [row] = await this.em.execute<{ count: number }[]>(PHOTO_COUNT_SQL, [orderId]);
    return row?.count ?? 0;
  }

  expiredPhotos(cutoff: Date, limit: number): Promise<ExpiredPhotoRow[]> {
    return this.em.execute<ExpiredPhotoRow[]>(EXPIRED_PHOTOS_SQL, [cutoff, limit]);
  }

  expiredSignatures(cutoff: Date, limit: number): Promise<ExpiredSignatureRow[]> {
    return this.em.execute<ExpiredSignatureRow[]>(EXPIRED_SIGNATURES_SQL, [cutoff, limit]);
  }

  async deletePhotos(ids: readonly number[]): Promise<void> {
    await this.em.execute(DELETE_PHOTOS_SQL, [intArray(ids)]);
  }

  async clearSignatures(ids: readonly number[]): Promise<void> {
    await this.em.execute(CLEAR_SIGNATURES_SQL, [intArray(ids)]);
  }

  previousRecords(orderIds: readonly number[], technicianId: number): Promise<PreviousRecordRow[]> {
    return this.em.execute<PreviousRecordRow[]>(PREVIOUS_RECORDS_SQL, [intArray(orderIds), technicianId]);
  }

  async unnamedKeys(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.em.execute<{ key: string }[]>(UNNAMED_KEYS_SQL, [textArray(keys)]);
    return rows.map((row) => row.key);
  }

  heldRecords(orderIds: readonly number[], limit: number): Promise<HeldRecordRow[]> {
    return this.em.execute<HeldRecordRow[]>(HELD_RECORDS_SQL, [intArray(orderIds), limit]);
  }

  /**
   * Blanks the notes and removes the signature and the photos of these orders' records; resolves to the rows changed
   * or removed and to the keys of the files those rows named (still stored: the caller deletes them).
   */
  async eraseRecords(orderIds: readonly number[]): Promise<{ rows: number; fileKeys: string[] }> {
    const ids = intArray(orderIds);
    const signatures = await this.em.execute<{ signature_key: string }[]>(HELD_SIGNATURES_SQL, [ids]);
    const records = await this.em.execute<{ affectedRows: number }>(ERASE_RECORDS_SQL, [ids], 'run');
    const photos = await this.em.execute<{ file_key: string; thumbnail_key: string }[]>(ERASE_PHOTOS_SQL, [ids]);
    return {
      rows: records.affectedRows + photos.length,
      fileKeys: [
        ...signatures.map((row) => row.signature_key),
        ...photos.flatMap((photo) => [photo.file_key, photo.thumbnail_key]),
      ],
    };
  }
}
