import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * How a customer's phone number is shown and dialled, on the server and on every screen (docs/decisions.md, The
 * technician's phone: full addresses). The one library import of shared/: numbering plans (which Dutch area codes
 * have two digits, which Belgian ones one) are data that changes, and libphonenumber keeps it.
 */

export interface ReadablePhone {
  /** National notation for a number of the order's country ("06 12 34 56 78", "0477 00 04 69"), else international. */
  shown: string;
  /** A `tel:` link in E.164 (`tel:+31612345678`); null when the number cannot be read. */
  dial: string | null;
}

/** Dutch mobile numbers as the Dutch write them: in pairs after 06 (libphonenumber writes "06 12345678"). */
const DUTCH_MOBILE = /^6(\d{2})(\d{2})(\d{2})(\d{2})$/;

/**
 * A number however it was typed or imported ("0477/00.04.69", "+31 (0)6-1234 5678"), read in the order's country.
 * A number that is no valid number is shown as typed and dialled by its digits (a leading plus kept), so the
 * technician can still try it.
 */
export function readablePhone(typed: string, country: 'NL' | 'BE'): ReadablePhone {
  const trimmed = typed.trim();
  const number = parsePhoneNumberFromString(trimmed, country);
  if (!number?.isValid()) {
    const digits = trimmed.replace(/\D/g, '');
    return { shown: trimmed, dial: digits === '' ? null : `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}` };
  }
  const dial = `tel:${number.number}`;
  if (number.country !== country) return { shown: number.formatInternational(), dial };
  const mobile = number.country === 'NL' ? DUTCH_MOBILE.exec(number.nationalNumber) : null;
  return { shown: mobile ? `06 ${mobile.slice(1).join(' ')}` : number.formatNational(), dial };
}
