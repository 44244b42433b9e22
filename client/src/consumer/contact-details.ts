import type { Country, Language } from '../i18n/locale';

/** A phone number as people read it, and as a `tel:` link dials it. */
export interface PhoneNumber {
  display: string;
  dial: string;
}

export interface CountryContact {
  /** The call centre, open 08:00-18:00 (spec section 9). */
  callCentre: PhoneNumber;
  /** The 'preparing' message writes "13.30" in the Netherlands and "13:30" in Belgium, as the spec quotes it. */
  indicationTime: string;
  /** Repair tariffs and payment options differ per country and language (spec section 2). */
  links: Record<Language, { tariffs: string; payment: string }>;
}

/**
 * Contact details shown to consumers. The spec names none of them: these are placeholders, kept in
 * this one place so the operator can replace them (docs/decisions.md, issue 3).
 */
export const CONTACT: Record<Country, CountryContact> = {
  NL: {
    callCentre: { display: '088 123 45 67', dial: '+31881234567' },
    indicationTime: '13.30',
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
    callCentre: { display: '078 12 34 56', dial: '+3278123456' },
    indicationTime: '13:30',
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

/** The external companies a visit can be handed to (token `external.company`, 0 or 1); placeholders too. */
export const EXTERNAL_COMPANIES: Record<number, { name: string; phone: Record<Country, PhoneNumber> }> = {
  0: {
    name: 'ServicePartner A',
    phone: {
      NL: { display: '088 765 43 21', dial: '+31887654321' },
      BE: { display: '078 65 43 21', dial: '+3278654321' },
    },
  },
  1: {
    name: 'ServicePartner B',
    phone: {
      NL: { display: '088 246 80 24', dial: '+31882468024' },
      BE: { display: '078 24 68 02', dial: '+3278246802' },
    },
  },
};
