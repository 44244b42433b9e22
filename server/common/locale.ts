import { registerEnumType } from 'type-graphql';
import { countryCodeOf, localeFromHost as localeCodesFromHost } from '../../shared/locale.js';

export { TIME_ZONE } from '../../shared/locale.js';

/** The two countries the service works in; orders, holidays and time zones belong to one. */
export enum Country {
  NL = 'NL',
  BE = 'BE',
}

export enum Language {
  NL = 'nl',
  FR = 'fr',
}

registerEnumType(Country, { name: 'Country', description: 'A country the service works in.' });
registerEnumType(Language, { name: 'Language', description: 'A language of the interface.' });

/** Per-country lists (settings) read the Netherlands first, then Belgium. */
export function inCountryOrder<T extends { country: Country }>(items: T[]): T[] {
  const order = [Country.NL, Country.BE];
  return items.sort((a, b) => order.indexOf(a.country) - order.indexOf(b.country));
}

export function parseCountry(value: unknown): Country | undefined {
  const code = typeof value === 'string' ? countryCodeOf(value) : undefined;
  return code && Country[code];
}

/** The host's country and language (shared/locale.ts), as the server's enums. */
export function localeFromHost(host: string | undefined): { country: Country; language: Language } {
  const { country, language } = localeCodesFromHost(host);
  return { country: Country[country], language: language === 'fr' ? Language.FR : Language.NL };
}

const LANGUAGE_BY_TAG = new Map<string, Language>(Object.values(Language).map((language) => [language, language]));

/**
 * Our client states its language explicitly (Accept-Language: fr or nl); other callers get the host's
 * language. Only the first tag counts, so a browser's long preference list does not override the site.
 */
export function languageFromRequest(host: string | undefined, acceptLanguage: string | undefined): Language {
  const first = (acceptLanguage ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
  return LANGUAGE_BY_TAG.get(first) ?? localeFromHost(host).language;
}
