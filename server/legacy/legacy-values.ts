/**
 * The legacy REST calls' values and the GraphQL values they stand for, in both directions: numbers
 * sent as text, 0/1 flags, timestamps in Unix seconds or milliseconds. Each domain's mapper
 * (`mappers/<domain>.ts`) builds its shapes with these. A value that does not fit is passed on as it came, so the
 * GraphQL operation refuses it with BAD_USER_INPUT, exactly as it refuses a GraphQL caller.
 */

/** What a legacy call brings: form or JSON fields, path parameters and the query string. */
export interface LegacyRequest {
  body: Record<string, unknown>;
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
}

/**
 * A legacy body value as text ('' when absent). Forms send strings (a list when a field repeats), JSON
 * bodies numbers and booleans too; any other JSON stays JSON text, which then fails the field's checks.
 */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A legacy form field as trimmed text ('' when absent). */
export function field(request: LegacyRequest, name: string): string {
  return textOf(request.body[name]).trim();
}

/** A query-string value as a string, or null when absent or blank. */
export function queryValue(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/** A country field as the legacy calls send it (`nl`, `BE`); null when empty, so the site's country applies. */
export function legacyCountry(text: string): string | null {
  return text.toUpperCase() || null;
}

const WHOLE_NUMBER = /^\s*\d+\s*$/;

/**
 * A whole number sent as text ('9', ' 12 ') becomes that number; anything else goes through as it
 * came. Ids in paths and fields are read with this, one way everywhere.
 */
export function legacyInt(value: unknown): unknown {
  return typeof value === 'string' && WHOLE_NUMBER.test(value) ? Number(value) : value;
}

/** The legacy flag: 1 (or true) yes, 0, false or absent no. */
export function fromLegacyFlag(value: unknown): unknown {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (text === '1' || text === 'true' || text === 1 || text === true) return true;
  if (text === '0' || text === 'false' || text === 0 || text === false || text === '' || text === undefined) {
    return false;
  }
  return value;
}

export const toLegacyFlag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The legacy lookup's `sign` for `windowAvailable`: 0 when the window can be shown, 1 while it is being prepared. */
export const toLegacySign = (windowAvailable: boolean): 0 | 1 => (windowAvailable ? 0 : 1);

/** An ISO instant as the legacy Unix timestamp in whole seconds. */
export const toUnixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Unix seconds (or milliseconds) sent as text, as an ISO instant; null when absent. */
export function instantFromUnix(raw: string, unit: 'seconds' | 'milliseconds'): string | null {
  if (raw === '') return null;
  if (!/^-?\d+$/.test(raw)) return raw;
  const date = new Date(Number(raw) * (unit === 'seconds' ? 1000 : 1));
  return Number.isNaN(date.getTime()) ? raw : date.toISOString();
}

/** The legacy client's moment timestamps: ISO text, or a number of seconds (below 1e11) or milliseconds. */
export function instantFromMoment(value: unknown): unknown {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && WHOLE_NUMBER.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(number)) return value;
  const instant = new Date(number < 1e11 ? number * 1000 : number);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString();
}

/** A JSON list sent in a form field (`[1,2]`), or the list of a JSON body; null when it is neither. */
export function legacyList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as unknown[]) : null;
  } catch {
    return null;
  }
}
