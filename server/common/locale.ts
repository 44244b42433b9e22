import { registerEnumType } from 'type-graphql';

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

/** Every "day", "13:30" and hour of a country is read in its own zone. */
export const TIME_ZONE: Record<Country, string> = {
  [Country.NL]: 'Europe/Amsterdam',
  [Country.BE]: 'Europe/Brussels',
};

const FRENCH_HOST_LABEL = 'rendezvous';

export function isCountry(value: unknown): value is Country {
  return value === Country.NL || value === Country.BE;
}

export function parseCountry(value: unknown): Country | undefined {
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  return isCountry(upper) ? upper : undefined;
}

/** Country = second host label when it is NL or BE, else NL; French when the first label is the French site's. */
export function localeFromHost(host: string | undefined): { country: Country; language: Language } {
  const labels = (host ?? '').split(':')[0].toLowerCase().split('.');
  return {
    country: parseCountry(labels[1]) ?? Country.NL,
    language: labels[0] === FRENCH_HOST_LABEL ? Language.FR : Language.NL,
  };
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
