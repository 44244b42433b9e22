/**
 * How a visit address is written, on every screen, in the route link and in the consumer's calendar entry: one
 * formatter, so the dispatcher, the technician and the consumer read the same address the same way. No imports
 * but the house-number rule of the orders.
 */
import { houseNumberAsWritten } from './orders.js';

/** The parts of a visit address an order holds; street and addition are empty for older orders. */
export interface AddressParts {
  street?: string | null;
  houseNumber: number;
  houseNumberAddition?: string | null;
  zipcode: string;
  city: string;
}

/** A postcode as people write it: the server keeps Dutch ones without the space ("3511CD" → "3511 CD"). */
export function postcodeAsWritten(zipcode: string): string {
  const dutch = /^(\d{4})\s*([A-Za-z]{2})$/.exec(zipcode.trim());
  return dutch ? `${dutch[1]} ${dutch[2].toUpperCase()}` : zipcode.trim();
}

/** Postcode, then number with its addition: "3511 CD 6", "9000 62 bis"; what finds the door in both countries. */
export const postcodeAndNumber = (address: Omit<AddressParts, 'city' | 'street'>) =>
  `${postcodeAsWritten(address.zipcode)} ${houseNumberAsWritten(address.houseNumber, address.houseNumberAddition)}`;

/**
 * The address as one line: "3511 CD 6, Utrecht" without a street, and "Oudegracht 12a, 3511 CD Utrecht" with one
 * (then it reads as it is written on the door and in the post).
 */
export function addressLine(address: AddressParts): string {
  const number = houseNumberAsWritten(address.houseNumber, address.houseNumberAddition);
  const postcode = postcodeAsWritten(address.zipcode);
  return address.street
    ? `${address.street} ${number}, ${postcode} ${address.city}`
    : `${postcode} ${number}, ${address.city}`;
}
