import type { EntityManager } from '@mikro-orm/core';
import { type Order, mobileNumberE164 } from '../orders/index.js';
import { maskEmail, maskMobileNumber } from './masked-contact.js';
import { isUnsubscribed, normalizedAddress } from './unsubscribes.js';

/** Where an order's consumer messages go: null for a channel the order has no address for or that was stopped. */
export interface MessageAddresses {
  /** The e-mail address, normalised. */
  email: string | null;
  /** The mobile number in E.164; a landline takes no text messages. */
  mobile: string | null;
}

/** The one rule for which of an order's addresses consumer messages go to: usable, and not unsubscribed. */
export async function messageAddressesOf(
  em: EntityManager,
  order: Pick<Order, 'email' | 'phone' | 'country'>,
): Promise<MessageAddresses> {
  const email = normalizedAddress('EMAIL', order.email);
  const mobile = mobileNumberE164(order.phone, order.country);
  return {
    email: email !== null && !(await isUnsubscribed(em, 'EMAIL', email)) ? email : null,
    mobile: mobile !== null && !(await isUnsubscribed(em, 'SMS', mobile)) ? mobile : null,
  };
}

/** The same addresses masked for the consumer's page (`j•••@example.nl`, `06 •••• 5678`). */
export function maskedMessageAddresses(addresses: MessageAddresses): MessageAddresses {
  return {
    email: addresses.email === null ? null : maskEmail(addresses.email),
    mobile: addresses.mobile === null ? null : maskMobileNumber(addresses.mobile),
  };
}
