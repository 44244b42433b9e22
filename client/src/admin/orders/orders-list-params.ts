import { orderSearchProblem } from '../../../../shared/order-search.js';
import { localDayRange } from '../../../../shared/zoned-time.js';

/**
 * The order list's filters as URL parameters, so a list can be shared, bookmarked and reached again with the
 * back button. Kept free of React so it is unit-tested on its own.
 */

export type YesNo = '' | 'yes' | 'no';
export type ReplyChoice = '' | 'NONE' | 'ANY' | 'AT_HOME' | 'CALL_ME' | 'ACCESS_NOTE';
/** How the technician's visit ended (server: VisitOutcomeFilter). */
export type OutcomeChoice =
  '' | 'FINISHED' | 'CUSTOMER_HOME' | 'REPAIRED' | 'FOLLOW_UP_PARTS' | 'NOT_HOME' | 'NOT_DONE';
/** When the technician reached the address (server: ArrivalFilter). */
export type ArrivalChoice = '' | 'REACHED' | 'ON_TIME' | 'LATE';
export type SortField = 'APPOINTMENT' | 'NAME' | 'REFERENCE_NUMBER' | 'CITY' | 'ZIPCODE';
export type SortDirection = 'ASC' | 'DESC';

export interface OrdersListParams {
  search: string;
  /** Calendar dates (YYYY-MM-DD), inclusive, in the order's country. */
  from: string;
  to: string;
  country: '' | 'NL' | 'BE';
  /** A personal number, or WITHOUT_TECHNICIAN. */
  technician: string;
  informed: YesNo;
  reply: ReplyChoice;
  special: YesNo;
  external: YesNo;
  /** The technician confirmed the order's day in the planner. */
  dayConfirmed: YesNo;
  /** On a holiday of the order's country. */
  onHoliday: YesNo;
  /** How the visit ended. */
  outcome: OutcomeChoice;
  /** Reached by the window's end, or late. */
  arrival: ArrivalChoice;
  /** A first visit, or a follow-up of an unrepaired one. */
  firstVisit: YesNo;
  /** The customer rated the visit. */
  rated: YesNo;
  /** Active orders unless asked otherwise: deleted ones are history. */
  deleted: YesNo;
  sort: SortField;
  direction: SortDirection;
}

export const DEFAULT_PARAMS: OrdersListParams = {
  search: '',
  from: '',
  to: '',
  country: '',
  technician: '',
  informed: '',
  reply: '',
  special: '',
  external: '',
  dayConfirmed: '',
  onHoliday: '',
  outcome: '',
  arrival: '',
  firstVisit: '',
  rated: '',
  deleted: 'no',
  sort: 'APPOINTMENT',
  direction: 'ASC',
};

/**
 * The technician choice "zonder monteur": a dash, which no personal number can be (they begin with a
 * letter or digit), so the URL keeps one parameter for the technician column.
 */
export const WITHOUT_TECHNICIAN = '-';

const SORT_FIELDS: readonly SortField[] = ['APPOINTMENT', 'NAME', 'REFERENCE_NUMBER', 'CITY', 'ZIPCODE'];
const REPLIES: readonly ReplyChoice[] = ['', 'NONE', 'ANY', 'AT_HOME', 'CALL_ME', 'ACCESS_NOTE'];
export const OUTCOMES: readonly Exclude<OutcomeChoice, ''>[] = [
  'FINISHED',
  'CUSTOMER_HOME',
  'REPAIRED',
  'FOLLOW_UP_PARTS',
  'NOT_HOME',
  'NOT_DONE',
];
export const ARRIVALS: readonly Exclude<ArrivalChoice, ''>[] = ['REACHED', 'ON_TIME', 'LATE'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The parameters of a URL; anything unknown or malformed falls back to the default. */
export function readParams(query: URLSearchParams): OrdersListParams {
  const yesNo = (name: string, fallback: YesNo = ''): YesNo => oneOf(query.get(name), ['', 'yes', 'no'], fallback);
  const date = (name: string) => {
    const value = query.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    search: (query.get('q') ?? '').slice(0, 100),
    from: date('from'),
    to: date('to'),
    country: oneOf(query.get('country'), ['', 'NL', 'BE'], ''),
    technician: (query.get('technician') ?? '').slice(0, 30),
    informed: yesNo('informed'),
    reply: oneOf(query.get('reply'), REPLIES, ''),
    special: yesNo('special'),
    external: yesNo('external'),
    dayConfirmed: yesNo('confirmed'),
    onHoliday: yesNo('holiday'),
    outcome: oneOf(query.get('outcome'), ['', ...OUTCOMES], ''),
    arrival: oneOf(query.get('arrival'), ['', ...ARRIVALS], ''),
    firstVisit: yesNo('firstVisit'),
    rated: yesNo('rated'),
    deleted: yesNo('deleted', 'no'),
    sort: oneOf(query.get('sort'), SORT_FIELDS, 'APPOINTMENT'),
    direction: oneOf(query.get('direction'), ['ASC', 'DESC'], 'ASC'),
  };
}

/** The URL parameters of a list: only what differs from the default, so plain lists keep plain URLs. */
export function writeParams(params: OrdersListParams): URLSearchParams {
  const query = new URLSearchParams();
  const names: Record<keyof OrdersListParams, string> = {
    search: 'q',
    from: 'from',
    to: 'to',
    country: 'country',
    technician: 'technician',
    informed: 'informed',
    reply: 'reply',
    special: 'special',
    external: 'external',
    dayConfirmed: 'confirmed',
    onHoliday: 'holiday',
    outcome: 'outcome',
    arrival: 'arrival',
    firstVisit: 'firstVisit',
    rated: 'rated',
    deleted: 'deleted',
    sort: 'sort',
    direction: 'direction',
  };
  for (const key of Object.keys(names) as (keyof OrdersListParams)[]) {
    if (params[key] !== DEFAULT_PARAMS[key]) query.set(names[key], params[key]);
  }
  return query;
}

const asBoolean = (value: YesNo): boolean | null => (value === '' ? null : value === 'yes');

/**
 * The GraphQL filter of a list. The dates are whole local days of `zone`: from the first instant of `from` up to, not
 * including, the first instant of the day after `to` (a day on a clock change is 23 or 25 hours).
 */
export function filterOf(params: OrdersListParams, zone: string) {
  const search = params.search.trim();
  return {
    search: search === '' ? null : search,
    from: params.from ? localDayRange(params.from, zone).start.toISOString() : null,
    to: params.to ? localDayRange(params.to, zone).end.toISOString() : null,
    country: params.country === '' ? null : params.country,
    technician: params.technician === '' || params.technician === WITHOUT_TECHNICIAN ? null : params.technician,
    withoutTechnician: params.technician === WITHOUT_TECHNICIAN ? true : null,
    informed: asBoolean(params.informed),
    reply: params.reply === '' ? null : params.reply,
    special: asBoolean(params.special),
    external: asBoolean(params.external),
    dayConfirmed: asBoolean(params.dayConfirmed),
    onHoliday: asBoolean(params.onHoliday),
    visitOutcome: params.outcome === '' ? null : params.outcome,
    arrival: params.arrival === '' ? null : params.arrival,
    firstVisit: asBoolean(params.firstVisit),
    rated: asBoolean(params.rated),
    deleted: asBoolean(params.deleted),
  };
}

/** What a dispatcher narrows the list by: every parameter but the sort. */
export type FilterName = Exclude<keyof OrdersListParams, 'sort' | 'direction'>;

/**
 * How a filter's value reads on its chip. A record over every filter, so a filter added to the parameters does not
 * compile until it says how it is shown.
 */
export type FilterKind = 'text' | 'date' | 'country' | 'technician' | 'yesNo' | 'reply' | 'outcome' | 'arrival';

export const FILTER_KINDS: Record<FilterName, FilterKind> = {
  search: 'text',
  from: 'date',
  to: 'date',
  country: 'country',
  technician: 'technician',
  informed: 'yesNo',
  reply: 'reply',
  special: 'yesNo',
  external: 'yesNo',
  dayConfirmed: 'yesNo',
  onHoliday: 'yesNo',
  outcome: 'outcome',
  arrival: 'arrival',
  firstVisit: 'yesNo',
  rated: 'yesNo',
  deleted: 'yesNo',
};

export interface ActiveFilter {
  name: FilterName;
  value: string;
  kind: FilterKind;
}

/** The filters that differ from the plain list, in the parameters' order: each shows as a removable chip. */
export function activeFilters(params: OrdersListParams): ActiveFilter[] {
  return (Object.keys(FILTER_KINDS) as FilterName[])
    .filter((name) => params[name].trim() !== DEFAULT_PARAMS[name])
    .map((name) => ({ name, value: params[name], kind: FILTER_KINDS[name] }));
}

/** The list without one filter (back to its default), the sort and the other filters kept. */
export function withoutFilter(params: OrdersListParams, name: FilterName): OrdersListParams {
  return { ...params, [name]: DEFAULT_PARAMS[name] };
}

/** Clicking a column header: the same column turns around, another starts ascending. */
export function sortedBy(params: OrdersListParams, field: SortField): OrdersListParams {
  const direction: SortDirection = params.sort === field && params.direction === 'ASC' ? 'DESC' : 'ASC';
  return { ...params, sort: field, direction };
}

/**
 * The filters the list asks for: the URL's, with a start date of `today` when "informed" is chosen without one
 * (the server works "informed" out per order, so it asks for a start; an old bookmark must not be refused).
 */
export function effectiveParams(params: OrdersListParams, today: string): OrdersListParams {
  return params.informed !== '' && params.from === '' ? { ...params, from: today } : params;
}

/**
 * Whether the list can be asked for as it stands: a search the server would refuse (too short, punctuation
 * only: shared/order-search.ts) is not sent at all, whatever the URL says; the page shows why instead.
 */
export function canAsk(params: OrdersListParams): boolean {
  return orderSearchProblem(params.search) === null;
}
