import { formatClock, formatHour } from '../../../shared/clock-time.js';
import { Country, Language } from '../locale.js';
import { fr } from './fr.js';
import { nl, type MessageKey } from './nl.js';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

const catalogues: Record<Language, Record<MessageKey, string>> = { [Language.NL]: nl, [Language.FR]: fr };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(nl, value);
}

/** Country names as the texts use them: after "in"/"voor" in Dutch, after "pour" in French. */
const COUNTRY_NAMES: Record<Language, Record<Country, string>> = {
  [Language.NL]: { [Country.NL]: 'Nederland', [Country.BE]: 'België' },
  [Language.FR]: { [Country.NL]: 'les Pays-Bas', [Country.BE]: 'la Belgique' },
};

const isCountry = (value: string | number): value is Country => value === Country.NL || value === Country.BE;

/**
 * The text of `key` with its `{name}` parameters filled in. A parameter named `country` (or ending in
 * `Country`) holding a country code is written as the country's name in the reader's language; one ending in
 * `Hour` (a whole hour) or `Time` (minutes since midnight) holding a number as a clock time in its notation.
 */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    const namesCountry = name === 'country' || name.endsWith('Country');
    if (namesCountry && isCountry(value)) return COUNTRY_NAMES[language][value];
    if (typeof value === 'number' && name.endsWith('Hour')) return formatHour(value, language);
    if (typeof value === 'number' && name.endsWith('Time')) {
      return formatClock({ hour: Math.floor(value / 60), minute: value % 60 }, language);
    }
    return String(value);
  });
}
