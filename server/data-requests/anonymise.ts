import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Country } from '../common/locale.js';
import type { DataSubject } from '../common/personal-data.js';
import { PERSONAL_DATA_HOLDERS } from './holders.js';
import { DataSubjectRepository, type SubjectOrderRow } from './repository/data-subject.repository.js';

/** A key of its own, derived from the server secret: the pseudonyms match nothing else signed with it. */
const PURPOSE = 'tijdvak:anonymised-customer:v1';

/** What separates the groups of a house-number addition: never part of what tells two doors apart. */
const ADDITION_SEPARATORS = /[\s./\u2010-\u2015\u2212-]+/gu;

/**
 * The customer of an order as a pseudonym: the same for every order of one customer by the rule the office's figures
 * use to tell a follow-up visit (orders' same-customer rule: the door in NL, the phone number in BE), different for
 * another customer, and not to be turned back into the address or number without the server secret. So the figures
 * of anonymised months stay what they were. 16 characters: it fits the postcode column; `~` is in no real one.
 */
export function customerPseudonym(secret: string, order: SubjectOrderRow): string {
  const customer =
    order.country === Country.BE
      ? `BE|${order.phoneNormalized}`
      : `NL|${order.zipcode}|${order.houseNumber}|${(order.houseNumberAddition ?? '').replace(ADDITION_SEPARATORS, '').toLowerCase()}`;
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return `~${createHmac('sha256', key).update(customer).digest('base64url').slice(0, 15)}`;
}

/** The person as these orders hold them. */
export function subjectOf(orders: readonly SubjectOrderRow[]): DataSubject {
  return {
    orderIds: orders.map((order) => order.id),
    emails: [...new Set(orders.map((order) => order.email.trim().toLowerCase()).filter((email) => email !== ''))],
    phones: [...new Set(orders.map((order) => order.phone.trim()).filter((phone) => phone !== ''))],
  };
}

export interface Anonymised {
  orders: number;
  /** Every row changed or removed, the orders included. */
  rows: number;
  /**
   * The stored files of the removed rows, deleted once the transaction has committed: a rollback leaves rows naming
   * files that still exist, and a failed deletion leaves files no row names, never a row naming a missing file.
   */
  files: string[];
}

/**
 * Removes the person from these orders and from everything that holds them beside (docs/rules.md, Personal data):
 * name, contact details, address and free text go; counts, times, outcomes and scores stay. Runs in the caller's
 * transaction, with the orders locked by it.
 */
export async function anonymiseOrders(
  em: EntityManager,
  orders: readonly SubjectOrderRow[],
  secret: string,
  now: Date,
): Promise<Anonymised> {
  if (orders.length === 0) return { orders: 0, rows: 0, files: [] };
  const subject = subjectOf(orders);
  const files: string[] = [];
  let rows = 0;
  for (const holder of PERSONAL_DATA_HOLDERS) rows += await holder.erase(em, subject, files);
  const changed = await new DataSubjectRepository(em).anonymise(
    orders.map((order) => {
      const pseudonym = customerPseudonym(secret, order);
      return order.country === Country.BE
        ? { id: order.id, zipcode: '', phoneNormalized: pseudonym }
        : { id: order.id, zipcode: pseudonym, phoneNormalized: '' };
    }),
    now,
  );
  return { orders: changed, rows: rows + changed, files };
}
