import { houseNumberAsWritten } from '../../../shared/orders.js';
import { postcodeAsWritten } from './postcode.js';

/** The parts of a visit address an order holds; street and addition are empty for older orders. */
export interface AddressParts {
  street?: string | null;
  houseNumber: number;
  houseNumberAddition?: string | null;
  zipcode: string;
  city: string;
}

/**
 * The address as one line, as people write it: "Oudegracht 12a, 3511 CD Utrecht" with a street, and
 * "3511 CD 12a, Utrecht" without one (postcode and number find the door in both countries).
 */
export function addressLine(address: AddressParts): string {
  const number = houseNumberAsWritten(address.houseNumber, address.houseNumberAddition);
  const postcode = postcodeAsWritten(address.zipcode);
  return address.street
    ? `${address.street} ${number}, ${postcode} ${address.city}`
    : `${postcode} ${number}, ${address.city}`;
}
