import { ORDER_FIELD_MAX_LENGTH, REFERENCE_NUMBER_PATTERN } from './orders.js';

/**
 * What the dispatcher's order search accepts, on the server and on the order list before it sends.
 *
 * A search is answered from trigram indexes: text needs a run of at least three letters or digits to give the
 * index anything to look up (`...`, `%%%` or `a.b` would read every order), a phone number at least six digits.
 * A shorter search written as a reference ("DS-3") is looked up as that reference, through its unique index.
 * A search with an "@" after its first character is an e-mail address, matched from its start.
 */
export const ORDER_SEARCH = {
  /** Letters or digits in a row that a text search needs. */
  minRun: 3,
  maxLength: 100,
  /** Fewer digits than this are not searched as a phone number: too many numbers contain them. */
  phoneMinDigits: 6,
} as const;

const LETTER_OR_DIGIT_RUN = new RegExp(`[\\p{L}\\p{N}]{${ORDER_SEARCH.minRun}}`, 'u');
const PHONE_CHARACTERS = /^[\d\s+()./-]+$/;

/** The search as it is matched: trimmed, any run of spaces one space. */
export function tidySearch(search: string): string {
  return search.trim().replace(/\s+/g, ' ');
}

/** Whether the text itself can be searched for (name, city, e-mail, reference). */
export function hasSearchableText(search: string): boolean {
  return LETTER_OR_DIGIT_RUN.test(search);
}

/**
 * Whether the search is written as a reference: a reference's characters (shared/orders.ts) with both a letter and
 * a digit, as references are shaped ("DS-3", "NL-2026-0001"). What a caller reads out is found however short it is;
 * a bare word ("ab") or number ("12") is not a reference.
 */
export function isReferenceSearch(search: string): boolean {
  return (
    search.length <= ORDER_FIELD_MAX_LENGTH.referenceNumber &&
    REFERENCE_NUMBER_PATTERN.test(search) &&
    /\p{L}/u.test(search) &&
    /\p{N}/u.test(search)
  );
}

/**
 * Whether the search is (the start of) an e-mail address: those are looked up by their start. A search that starts
 * with the "@" (a domain: every customer of one company) is text like any other.
 */
export function isEmailSearch(search: string): boolean {
  return search.indexOf('@') > 0;
}

/** Whether the search is written as a phone number with enough digits to look for. */
export function isPhoneSearch(search: string): boolean {
  return PHONE_CHARACTERS.test(search) && search.replace(/\D/g, '').length >= ORDER_SEARCH.phoneMinDigits;
}

export type OrderSearchProblem = 'SEARCH_TOO_SHORT' | 'SEARCH_TOO_LONG';

/** Why a search cannot be answered well, or null when it can (an empty search is no search). */
export function orderSearchProblem(search: string): OrderSearchProblem | null {
  const text = tidySearch(search);
  if (text === '') return null;
  if (text.length > ORDER_SEARCH.maxLength) return 'SEARCH_TOO_LONG';
  return hasSearchableText(text) || isPhoneSearch(text) || isReferenceSearch(text) ? null : 'SEARCH_TOO_SHORT';
}
