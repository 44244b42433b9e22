import type { EntityManager } from '@mikro-orm/postgresql';
import { arrayLiteral } from '../../common/db/array-literal.js';
import type { Country } from '../../common/locale.js';

/** An order that names the person, with what its anonymisation replaces. */
export interface SubjectOrderRow {
  id: number;
  referenceNumber: string;
  name: string;
  email: string;
  phone: string;
  phoneNormalized: string;
  zipcode: string;
  houseNumber: number;
  houseNumberAddition: string | null;
  street: string | null;
  city: string;
  country: Country;
  language: string | null;
  appointment: Date;
  duration: number;
  deletedAt: Date | null;
  createdAt: Date;
}

const COLUMNS = `id, reference_number as "referenceNumber", name, email, phone, phone_normalized as "phoneNormalized",
  zipcode, house_number as "houseNumber", house_number_addition as "houseNumberAddition", street, city,
  country::text as country, language, appointment, duration, deleted_at as "deletedAt", created_at as "createdAt"`;

/** The row with its times as times: the driver may hand them over as text. */
type RawOrderRow = Omit<SubjectOrderRow, 'appointment' | 'deletedAt' | 'createdAt'> & {
  appointment: Date | string;
  deletedAt: Date | string | null;
  createdAt: Date | string;
};

const subjectRows = (rows: RawOrderRow[]): SubjectOrderRow[] =>
  rows.map((row) => ({
    ...row,
    appointment: new Date(row.appointment),
    deletedAt: row.deletedAt === null ? null : new Date(row.deletedAt),
    createdAt: new Date(row.createdAt),
  }));

/** What an anonymised order keeps of the customer: a pseudonym per customer where the figures compare customers. */
export interface AnonymisedOrder {
  id: number;
  zipcode: string;
  phoneNormalized: string;
}

/**
 * The statements on the orders of a data request: finding the person's orders (deleted ones too, anonymised ones
 * not: they hold the person no more) and anonymising them.
 */
export class DataSubjectRepository {
  constructor(private readonly em: EntityManager) {}

  private async select(sql: string, params: unknown[]): Promise<SubjectOrderRow[]> {
    return subjectRows(await this.em.execute<RawOrderRow[]>(sql, params));
  }

  /** The orders with this e-mail address (any case), newest first, at most `limit`. */
  byEmail(email: string, limit: number): Promise<SubjectOrderRow[]> {
    return this.select(
      `select ${COLUMNS} from orders where lower(email) = lower(?) and anonymised_at is null
        order by appointment desc, id desc limit ?`,
      [email, limit],
    );
  }

  /** The orders with this phone number (its national digits, as orders store them), newest first, at most `limit`. */
  byPhone(phoneNormalized: string, limit: number): Promise<SubjectOrderRow[]> {
    return this.select(
      `select ${COLUMNS} from orders where phone_normalized = ? and anonymised_at is null
        order by appointment desc, id desc limit ?`,
      [phoneNormalized, limit],
    );
  }

  /** These orders as far as they are not anonymised, locked until the transaction ends. */
  forAnonymising(ids: readonly number[]): Promise<SubjectOrderRow[]> {
    return this.select(
      `select ${COLUMNS} from orders where id = any(?::int[]) and anonymised_at is null order by id for update`,
      [arrayLiteral(ids)],
    );
  }

  /**
   * The orders of a country whose visit ended before `before` and that still hold their customer, oldest first, at
   * most `limit`, locked (skipping those another run holds).
   */
  dueForRetention(country: Country, before: Date, limit: number): Promise<SubjectOrderRow[]> {
    return this.select(
      `select ${COLUMNS} from orders
        where anonymised_at is null and country = ?::country and appointment < ?
          and appointment + make_interval(secs => duration) <= ?
        order by appointment, id limit ? for update skip locked`,
      [country, before, before, limit],
    );
  }

  /**
   * Removes the customer from the orders: name, contact details, address gone; the customer's keys replaced by the
   * pseudonyms given. Resolves to the orders changed.
   */
  async anonymise(orders: readonly AnonymisedOrder[], now: Date): Promise<number> {
    if (orders.length === 0) return 0;
    const { affectedRows } = await this.em.execute<{ affectedRows: number }>(
      `update orders o set name = '', email = '', phone = '', phone_normalized = v.phone_normalized,
              zipcode = v.zipcode, house_number = 0, house_number_addition = null, street = null, city = '',
              anonymised_at = ?, updated_at = ?
         from unnest(?::int[], ?::text[], ?::text[]) as v(id, zipcode, phone_normalized)
        where o.id = v.id and o.anonymised_at is null`,
      [
        now,
        now,
        arrayLiteral(orders.map((order) => order.id)),
        arrayLiteral(orders.map((order) => order.zipcode)),
        arrayLiteral(orders.map((order) => order.phoneNormalized)),
      ],
      'run',
    );
    return affectedRows;
  }
}
