import type { EntityManager } from '@mikro-orm/postgresql';
import { type Order, mobileNumberE164 } from '../orders/index.js';
import { maskEmail, maskMobileNumber } from './masked-contact.js';
import { normalizedAddress, unsubscribedAmong } from './unsubscribes.js';

/** Where an order's consumer messages go: null for a channel the order has no address for or that was stopped. */
export interface MessageAddresses {
  /** The e-mail address, normalised. */
  email: string | null;
  /** The mobile number in E.164; a landline takes no text messages. */
  mobile: string | null;
}

/**
 * The one rule for which of an order's addresses consumer messages go to: usable, and not unsubscribed. For any
 * number of orders (in their order) with one statement, none when no order has a usable address; read for a request.
 */
export async function messageAddressesOf(
  em: EntityManager,
  orders: readonly Pick<Order, 'email' | 'phone' | 'country'>[],
): Promise<MessageAddresses[]> {
  const usable = orders.map((order) => ({
    email: normalizedAddress('EMAIL', order.email),
    mobile: mobileNumberE164(order.phone, order.country),
  }));
  const unsubscribed = await unsubscribedAmong(
    em,
    usable.flatMap(({ email, mobile }) => [
      ...(email === null ? [] : [{ channel: 'EMAIL' as const, address: email }]),
      ...(mobile === null ? [] : [{ channel: 'SMS' as const, address: mobile }]),
    ]),
    { job: false },
  );
  return usable.map(({ email, mobile }) => ({
    email: email !== null && !unsubscribed.has(`EMAIL|${email}`) ? email : null,
    mobile: mobile !== null && !unsubscribed.has(`SMS|${mobile}`) ? mobile : null,
  }));
}

/** The same addresses masked for the consumer's page (`j•••@example.nl`, `06 •••• 5678`). */
export function maskedMessageAddresses(addresses: MessageAddresses): MessageAddresses {
  return {
    email: addresses.email === null ? null : maskEmail(addresses.email),
    mobile: addresses.mobile === null ? null : maskMobileNumber(addresses.mobile),
  };
}
