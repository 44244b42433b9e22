import type { EntityManager } from '@mikro-orm/postgresql';
import { externalHandlingOf } from '../common/auth/tokens.js';
import type { AppServices } from '../context.js';
import { checkPersonalLink, LinkRefusal } from './link-check.js';
import { maskEmail } from './masked-contact.js';
import { EmailUnsubscribed, PersonalLinkOpened, PersonalLinkRefused } from './personal-link.types.js';
import { unsubscribe } from './unsubscribes.js';
import { LinkPurpose, readLinkToken } from './link-token.js';
import { normalizeEmailAddress, orderLanguageOf, OrderRepository, type Order } from '../orders/index.js';

function refusal(reason: LinkRefusal, order: Order | null): PersonalLinkRefused {
  return Object.assign(new PersonalLinkRefused(), {
    reason,
    orderCountry: order?.country ?? null,
    orderLanguage: order ? orderLanguageOf(order) : null,
  });
}

/** What a consumer does with the personal link of a message (docs/rules.md, Personal link). */
export class PersonalLinkService {
  constructor(
    private readonly services: AppServices,
    private readonly em: EntityManager,
  ) {}

  /**
   * Exchanges a valid link for a data token of its one visit, as the lookup gives one for an address. Counted
   * against the client's budget of link exchanges first, like lookups, so links cannot be tried at speed.
   * A successful exchange is a site visit (statistics, "informed?"), as a successful lookup is, unless the page
   * reads the visit beside its own purpose (`countsAsSiteVisit` false: the unsubscribe page).
   */
  async open(
    token: string,
    client: { ip: string; userAgent: string },
    countsAsSiteVisit = true,
  ): Promise<PersonalLinkOpened | PersonalLinkRefused> {
    const { clock, config, rateLimiter, siteVisits, tokens } = this.services;
    await rateLimiter.consume('PERSONAL_LINK_PER_CLIENT', client.ip);
    const now = clock.now();
    const check = await checkPersonalLink(this.em, config.jwtSecret, token, now);
    if (!check.ok) return refusal(check.refusal, check.order);
    const { order } = check;
    if (countsAsSiteVisit) siteVisits.record(order.id, client.userAgent, now);
    return Object.assign(new PersonalLinkOpened(), {
      dataToken: tokens.signConsumer([order.id], externalHandlingOf(order)),
      country: order.country,
      language: orderLanguageOf(order),
    });
  }

  /**
   * Stops the messages to the e-mail address of the link's order. Any link we made will do, also one past
   * its visit day or of a visit moved since: a request to stop must never fail for a reason the consumer
   * cannot help, and it reveals nothing (the answer masks the address). Doing it twice changes nothing.
   */
  async unsubscribeEmail(token: string): Promise<EmailUnsubscribed | PersonalLinkRefused> {
    const link = readLinkToken(this.services.config.jwtSecret, token, LinkPurpose.PERSONAL);
    if (!link) return refusal(LinkRefusal.INVALID, null);
    // Deleted or not: a request to stop never fails for a reason the consumer cannot help.
    const order = await new OrderRepository(this.em).findIncludingDeleted(link.orderId);
    if (!order) return refusal(LinkRefusal.REVOKED, null);
    await unsubscribe(this.em, 'EMAIL', order.email, this.services.clock.now());
    return Object.assign(new EmailUnsubscribed(), {
      maskedEmail: maskEmail(normalizeEmailAddress(order.email)),
      country: order.country,
      language: orderLanguageOf(order),
    });
  }
}
