import { UAParser } from 'ua-parser-js';
import type { AppServices } from '../context.js';
import { Order } from '../orders/order.entity.js';
import { SiteVisit } from '../statistics/site-visit.entity.js';

const UNKNOWN = 'Unknown';
const NAME_LENGTH = 100;
const USER_AGENT_LENGTH = 512;
/** Distinct user agents remembered: a handful of browser versions make most visits. */
const DESCRIBED_AGENTS = 500;

const described = new Map<string, { browser: string; os: string }>();

/** Browser and operating system names for the statistics charts ('Unknown' when the agent does not say). */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  // Parsing an agent runs dozens of regular expressions (3-4 % of a lookup's CPU under load): remember answers.
  const known = described.get(userAgent);
  if (known) return known;
  const { browser, os } = UAParser(userAgent);
  const description = {
    browser: (browser.name || UNKNOWN).slice(0, NAME_LENGTH),
    os: (os.name || UNKNOWN).slice(0, NAME_LENGTH),
  };
  if (described.size >= DESCRIBED_AGENTS) described.delete(described.keys().next().value!);
  described.set(userAgent, description);
  return description;
}

/** One INSERT (no unit of work, no transaction around a single row: one round trip instead of three). */
async function writeSiteVisit(services: AppServices, orderId: number, userAgent: string, at: Date): Promise<void> {
  const em = services.orm.em.fork();
  await em.insert(SiteVisit, {
    visitedAt: at,
    order: em.getReference(Order, orderId),
    userAgent: userAgent.slice(0, USER_AGENT_LENGTH),
    ...describeUserAgent(userAgent),
  });
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
