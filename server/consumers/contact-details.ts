import { Country } from '../common/locale.js';
import type { ClockTime } from '../../shared/clock-time.js';
import { CALL_CENTRE_HOURS } from '../../shared/hours.js';

/** A phone number as people read it, and as a `tel:` link dials it. */
export interface PhoneNumber {
  display: string;
  dial: string;
}

/** An external company a visit can be handed to (the data token's `external.company`, 0 or 1). */
export interface ExternalCompanyContact {
  name: string;
  phone: Record<Country, PhoneNumber>;
}

/**
 * The one place of the numbers consumers are given: the call centre (open 08:00-18:00: docs/rules.md, Consumer pages)
 * shown on the details page and written into the calendar file, and the external companies shown on
 * the external page. The client reads them through `consumerContact`. The legacy portal's are not
 * known: these are placeholders for the operator to replace (docs/decisions.md, Calendar file and consumer reply).
 */
export const CALL_CENTRE: Record<Country, PhoneNumber> = {
  [Country.NL]: { display: '088 123 45 67', dial: '+31881234567' },
  [Country.BE]: { display: '078 12 34 56', dial: '+3278123456' },
};

const hhmm = (time: ClockTime) => `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;

/** Opening hours of the call centre as the API gives them: HH:MM, a form programs read; texts write shared's. */
export const CALL_CENTRE_API_HOURS = { from: hhmm(CALL_CENTRE_HOURS.opens), to: hhmm(CALL_CENTRE_HOURS.closes) };

export const EXTERNAL_COMPANIES: Record<number, ExternalCompanyContact> = {
  0: {
    name: 'ServicePartner A',
    phone: {
      [Country.NL]: { display: '088 765 43 21', dial: '+31887654321' },
      [Country.BE]: { display: '078 65 43 21', dial: '+3278654321' },
    },
  },
  1: {
    name: 'ServicePartner B',
    phone: {
      [Country.NL]: { display: '088 246 80 24', dial: '+31882468024' },
      [Country.BE]: { display: '078 24 68 02', dial: '+3278246802' },
    },
  },
};

/** The name of the external company handling the visit (`externalCompany` 0 or 1), null when we make it. */
export const externalPartnerOf = (externalCompany: number | null): string | null =>
  externalCompany === null ? null : (EXTERNAL_COMPANIES[externalCompany]?.name ?? null);
