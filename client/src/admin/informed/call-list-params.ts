import { CALL_STATUSES } from '../../../../shared/call-list.js';

/**
 * The call list's choices as URL parameters, so a dispatcher's list (country, time, technician, status) can be
 * bookmarked, shared with a colleague and reached again with the back button. Free of React: unit-tested alone.
 */

export type CallListStatusChoice = '' | 'NOT_CALLED' | (typeof CALL_STATUSES)[number];

export interface CallListParams {
  /** '' for the site's country. */
  country: '' | 'NL' | 'BE';
  /** A time today, HH:MM; '' for now. */
  by: string;
  /** A personal number; '' for every technician. */
  technician: string;
  status: CallListStatusChoice;
}

/** Every status filter in the order the counts show them: not called first, then the call statuses. */
export const STATUS_CHOICES: readonly Exclude<CallListStatusChoice, ''>[] = ['NOT_CALLED', ...CALL_STATUSES];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The parameters of a URL; anything unknown or malformed is left out. */
export function readCallListParams(query: URLSearchParams): CallListParams {
  const by = query.get('by') ?? '';
  return {
    country: oneOf(query.get('country'), ['', 'NL', 'BE'], ''),
    by: TIME.test(by) ? by : '',
    technician: (query.get('technician') ?? '').trim().slice(0, 32),
    status: oneOf(query.get('status'), ['', ...STATUS_CHOICES], ''),
  };
}

/** Only the parameters that are set, so the plain list keeps the plain URL. */
export function writeCallListParams(params: CallListParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['country', 'by', 'technician', 'status'] as const) {
    if (params[key] !== '') query.set(key, params[key]);
  }
  return query;
}
