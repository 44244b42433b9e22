/** The countries and languages of the service, and how a host name chooses them. No imports. */

export type CountryCode = 'NL' | 'BE';
export type LanguageCode = 'nl' | 'fr';

/** Every "day", "13:30" and hour of a country is read in its own zone, whatever the device's zone. */
export const TIME_ZONE: Readonly<Record<CountryCode, string>> = { NL: 'Europe/Amsterdam', BE: 'Europe/Brussels' };

const FRENCH_HOST_LABEL = 'rendezvous';

export function countryCodeOf(value: string | null | undefined): CountryCode | undefined {
  const upper = value?.trim().toUpperCase();
  return upper === 'NL' || upper === 'BE' ? upper : undefined;
}

/**
 * Country = the second label of the host name when it is NL or BE, else NL; French when the first
 * label is `rendezvous` (rendezvous.be.example.com). A port is ignored.
 */
export function localeFromHost(host: string | undefined): { country: CountryCode; language: LanguageCode } {
  const labels = (host ?? '').split(':')[0].toLowerCase().split('.');
  return {
    country: countryCodeOf(labels[1]) ?? 'NL',
    language: labels[0] === FRENCH_HOST_LABEL ? 'fr' : 'nl',
  };
}
