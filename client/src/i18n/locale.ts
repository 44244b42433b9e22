import { countryCodeOf, localeFromHost, type CountryCode, type LanguageCode } from '../../../shared/locale.js';

export { TIME_ZONE } from '../../../shared/locale.js';
export type Country = CountryCode;
export type Language = LanguageCode;

export interface Locale {
  country: Country;
  language: Language;
}

const OVERRIDE_KEY = 'localeOverride';

const asLanguage = (value: string | null | undefined): Language | undefined => {
  const lower = value?.toLowerCase();
  return lower === 'nl' || lower === 'fr' ? lower : undefined;
};

/**
 * The host decides; for local use `?country=BE&lang=fr` overrides it, and the override is kept for
 * the rest of the browser session so that it survives navigation.
 */
export function detectLocale(location: Pick<Location, 'hostname' | 'search'>, session: Storage | undefined): Locale {
  const fromHost = localeFromHost(location.hostname);
  const params = new URLSearchParams(location.search);
  let saved: Partial<Locale>;
  try {
    saved = JSON.parse(session?.getItem(OVERRIDE_KEY) ?? '{}') as Partial<Locale>;
  } catch {
    saved = {};
  }
  const override: Partial<Locale> = {
    country: countryCodeOf(params.get('country')) ?? countryCodeOf(saved.country),
    language: asLanguage(params.get('lang')) ?? asLanguage(saved.language),
  };
  if (params.has('country') || params.has('lang')) session?.setItem(OVERRIDE_KEY, JSON.stringify(override));
  return { country: override.country ?? fromHost.country, language: override.language ?? fromHost.language };
}

/**
 * Keeps a locale for the rest of the browser session, as `?country=&lang=` does: a personal link shows its
 * order in the order's language whatever host the link names. True when it was kept (storage may be off).
 */
export function rememberLocale(locale: Locale, session: Storage | undefined): boolean {
  try {
    session?.setItem(OVERRIDE_KEY, JSON.stringify(locale));
    return session?.getItem(OVERRIDE_KEY) === JSON.stringify(locale);
  } catch {
    return false;
  }
}
