import { UAParser } from 'ua-parser-js';
import type { AppServices } from '../context.js';
import { Order } from '../orders/order.entity.js';
import { SiteVisit } from '../statistics/site-visit.entity.js';

const UNKNOWN = 'Unknown';
const NAME_LENGTH = 100;
const USER_AGENT_LENGTH = 512;

/** Browser and operating system names for the statistics charts ('Unknown' when the agent does not say). */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const { browser, os } = UAParser(userAgent);
  return {
    browser: (browser.name || UNKNOWN).slice(0, NAME_LENGTH),
    os: (os.name || UNKNOWN).slice(0, NAME_LENGTH),
  };
}

async function writeSiteVisit(services: AppServices, orderId: number, userAgent: string, at: Date): Promise<void> {
  const em = services.orm.em.fork();
  em.create(SiteVisit, {
    visitedAt: at,
    order: em.getReference(Order, orderId),
    userAgent: userAgent.slice(0, USER_AGENT_LENGTH),
    ...describeUserAgent(userAgent),
  });
  await em.flush();
}

/**
 * Records a successful lookup for the statistics after the answer has gone out, so a found address
 * costs no more time than an unknown one (no timing oracle). A failed write is logged, never shown
 * to the consumer.
 */
export function recordSiteVisitLater(services: AppServices, orderId: number, userAgent: string, at: Date): void {
  setImmediate(() => {
    writeSiteVisit(services, orderId, userAgent, at).catch((error: unknown) => {
      services.logger.warn({ err: error, orderId }, 'site visit not recorded');
    });
  });
}
