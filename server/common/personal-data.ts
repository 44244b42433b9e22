import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The person a data request is about, as the orders that name them: found by e-mail address or phone number (deleted
 * orders too), with the addresses and numbers those orders hold.
 */
export interface DataSubject {
  orderIds: readonly number[];
  /** The e-mail addresses of those orders, in lower case. */
  emails: readonly string[];
  /** The phone numbers of those orders as they were entered. */
  phones: readonly string[];
}

/** A row held about the person: plain values only (text, numbers, booleans, times, null), as the export writes them. */
export type HeldRow = Record<string, string | number | boolean | Date | null | readonly string[]>;

/**
 * A table (or a store) that holds a person's data beside the order itself (docs/rules.md, Personal data). Each domain
 * that keeps personal data offers one, and server/data-requests/holders.ts lists them: the export shows what `find`
 * finds, and an erase or the retention calls `erase`, in one transaction with the order's anonymisation. What the
 * office's figures count stays (scores, outcomes, times); what names or describes the person goes.
 */
export interface PersonalDataHolder {
  /** The key of its part in the export (camelCase), stable: the client names the part by it. */
  readonly name: string;
  /** What it holds about the person, bounded (a person's orders have few rows each). */
  find(em: EntityManager, subject: DataSubject): Promise<HeldRow[]>;
  /**
   * Removes or blanks what it holds about the person; resolves to the rows it changed or removed. The keys of stored
   * files whose rows it removed go into `files`: the caller deletes them once the transaction has committed.
   */
  erase(em: EntityManager, subject: DataSubject, files: string[]): Promise<number>;
}
