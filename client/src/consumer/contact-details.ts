import type { Country, Language } from '../i18n/locale';

export interface CountryContact {
  /** Repair tariffs and payment options differ per country and language. */
  links: Record<Language, { tariffs: string; payment: string }>;
}

/**
 * Links and wording shown to consumers. The legacy portal's are not known: these are placeholders, kept
 * in this one place so the operator can replace them (docs/decisions.md, Consumer lookup and pages). The phone numbers
 * (call centre, external companies) live on the server, which also writes them into the calendar
 * file: server/consumers/contact-details.ts, read through `consumerContact`.
 */
/** Where consumers report a barrier on these pages (the accessibility statement); a placeholder like the links. */
export const ACCESSIBILITY_CONTACT = 'toegankelijkheid@tijdvak.example';

export const CONTACT: Record<Country, CountryContact> = {
  NL: {
    links: {
      nl: {
        tariffs: 'https://www.tijdvak.example/nl/reparatietarieven',
        payment: 'https://www.tijdvak.example/nl/betaalmogelijkheden',
      },
      fr: {
        tariffs: 'https://www.tijdvak.example/nl-fr/tarifs-de-reparation',
        payment: 'https://www.tijdvak.example/nl-fr/moyens-de-paiement',
      },
    },
  },
  BE: {
    links: {
      nl: {
        tariffs: 'https://www.tijdvak.example/be-nl/reparatietarieven',
        payment: 'https://www.tijdvak.example/be-nl/betaalmogelijkheden',
      },
      fr: {
        tariffs: 'https://www.tijdvak.example/be-fr/tarifs-de-reparation',
        payment: 'https://www.tijdvak.example/be-fr/moyens-de-paiement',
      },
    },
  },
};
