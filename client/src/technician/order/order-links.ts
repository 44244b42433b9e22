import { addressLine, type AddressParts } from '../../../../shared/address.js';

/**
 * Links that hand an order to the phone's own apps. A phone opens a Google Maps search link in its map app
 * (Google Maps, or the browser's map page where that app is missing), and a `tel:` link in its dialler.
 */

export interface VisitAddress extends AddressParts {
  country: 'NL' | 'BE';
}

const COUNTRY_NAME = { NL: 'Nederland', BE: 'België' } as const;

/**
 * A maps search for the address: street, number and addition, postcode and city when the order has a street
 * ("Veldstraat 62, 9000 Gent, België": a Belgian postcode covers many streets), postcode and number otherwise
 * (a Dutch postcode plus number finds the door). The country keeps a Belgian postcode from matching a Dutch town.
 */
export function navigationUrl(address: VisitAddress): string {
  const query = `${addressLine(address)}, ${COUNTRY_NAME[address.country]}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
