import { postcodeAsWritten } from '../../lib/postcode.js';

/**
 * Links that hand an order to the phone's own apps. A phone opens a Google Maps search link in its map app
 * (Google Maps, or the browser's map page where that app is missing), and a `tel:` link in its dialler.
 */

export interface VisitAddress {
  zipcode: string;
  houseNumber: number;
  city: string;
  country: 'NL' | 'BE';
}

const COUNTRY_NAME = { NL: 'Nederland', BE: 'België' } as const;

/** The visit address as one line: "3511 CD 6, Utrecht". */
export function addressLine(address: VisitAddress): string {
  return `${postcodeAsWritten(address.zipcode)} ${address.houseNumber}, ${address.city}`;
}

/**
 * A maps search for the address. We hold postcode, house number and city (no street): in both countries
 * postcode plus number finds the door, and the country keeps a Belgian postcode from matching a Dutch town.
 */
export function navigationUrl(address: VisitAddress): string {
  const query = `${addressLine(address)}, ${COUNTRY_NAME[address.country]}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * A `tel:` link for a number as the customer wrote it ("06-12 34 56 78", "+32 470 12 34 56"): digits and a
 * leading plus only, since diallers refuse spaces and dashes in some versions. Null when no digit is left.
 */
export function phoneUrl(written: string): string | null {
  const trimmed = written.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
