import type { EntityManager } from '@mikro-orm/postgresql';

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

/** Ids as one PostgreSQL array literal: the driver's parameters take no arrays. */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

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
}
