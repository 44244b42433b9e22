export type Country = 'NL' | 'BE';
export type Language = 'nl' | 'fr';

export interface Locale {
  country: Country;
  language: Language;
}

const FRENCH_HOST_LABEL = 'rendezvous';
const OVERRIDE_KEY = 'localeOverride';

const asCountry = (value: string | null | undefined): Country | undefined => {
  const upper = value?.toUpperCase();
  return upper === 'NL' || upper === 'BE' ? upper : undefined;
};

const asLanguage = (value: string | null | undefined): Language | undefined => {
  const lower = value?.toLowerCase();
  return lower === 'nl' || lower === 'fr' ? lower : undefined;
};

/** Country = second host label when NL or BE, else NL; French when the first label is `rendezvous`. */
export function localeFromHost(hostname: string): Locale {
  const labels = hostname.toLowerCase().split('.');
  return {
    country: asCountry(labels[1]) ?? 'NL',
    language: labels[0] === FRENCH_HOST_LABEL ? 'fr' : 'nl',
  };
}

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
    country: asCountry(params.get('country')) ?? asCountry(saved.country),
    language: asLanguage(params.get('lang')) ?? asLanguage(saved.language),
  };
  if (params.has('country') || params.has('lang')) session?.setItem(OVERRIDE_KEY, JSON.stringify(override));
  return { country: override.country ?? fromHost.country, language: override.language ?? fromHost.language };
}

/** Every "day" and hour of a country is shown in its own zone, whatever the device's zone. */
export const TIME_ZONE: Record<Country, string> = { NL: 'Europe/Amsterdam', BE: 'Europe/Brussels' };
