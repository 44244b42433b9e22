import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import type { Order } from '../../server/orders/order.entity.js';
import { askForPublication } from '../utils/consumer-messages.js';
import { createOrder } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { SITES, textOf, type Site } from './utils/sites.js';

/** Wednesday 25 November 2026, 13:31: Thursday's windows were published a minute ago. */
const NOW = '2026-11-25T13:31:00+01:00';
const THURSDAY = new Date('2026-11-26T09:00:00+01:00');
const [DUTCH, FRENCH] = SITES;

/** The mails in the app's outbox, parsed as a mail client would (mailparser). */
async function outboxMails(dataDir: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  return Promise.all(names.map((name) => simpleParser(readFileSync(join(dir, name)))));
}

async function mailTo(dataDir: string, address: string): Promise<ParsedMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await outboxMails(dataDir)).filter(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address),
    );
    if (found.length > 1) throw new Error(`${found.length} mails to ${address}, expected one`);
    if (found.length === 1) return found[0];
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every link of the mail's HTML part, in order (the personal link, the replies, the unsubscribe link). */
function linksOf(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
}

describe('from the mail in the outbox to a reply on the details page (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  const orders: Record<string, Order> = {};

  /** What a click on a link must never change: replies, unsubscribes, the audit trail, the messages. */
  const stateOf = () =>
    withDatabase(app, async (em) => {
      const connection = em.getConnection();
      const rows = async (sql: string) => JSON.stringify(await connection.execute(sql));
      return {
        replies: await rows('select order_id, answer, access_note from consumer_replies order by order_id'),
        unsubscribes: await rows('select channel, address_hash from consumer_unsubscribes order by 1, 2'),
        events: await rows('select count(*) as n from order_events'),
        messages: await rows('select id, status, tries from consumer_messages order by id'),
      };
    });

  const repliesOf = (order: Order) =>
    withDatabase(app, (em) =>
      em
        .getConnection()
        .execute<{ answer: string }[]>('select answer from consumer_replies where order_id = ?', [order.id]),
    );

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW, JOB_POLL_INTERVAL_MS: '500' });
    await withDatabase(app, async (em) => {
      orders.anna = await createOrder(em, {
        name: 'Anna Jansen',
        appointment: THURSDAY,
        email: 'anna@example.nl',
        phone: '030 123 4567',
        referenceNumber: 'REF-MAIL-NL',
      });
      orders.claire = await createOrder(em, {
        name: 'Claire Dubois',
        appointment: THURSDAY,
        country: Country.BE,
        email: 'claire@example.be',
        phone: '02 123 45 67',
        referenceNumber: 'REF-MAIL-BE',
      });
    });
    // The minute's publication, asked for now (as the schedule, or another instance, would).
    await askForPublication(app.database.url);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const greeting = (page: Page, site: Site, name: string) =>
    page.getByRole('heading', { name: textOf(site, 'consumer.details.greeting', { name }) });

  for (const [site, order, address, name] of [
    [DUTCH, 'anna', 'anna@example.nl', 'Anna Jansen'],
    [FRENCH, 'claire', 'claire@example.be', 'Claire Dubois'],
  ] as const) {
    it(`follows the personal link of the mail to the details page and replies there (${site.language})`, async () => {
      const mail = await mailTo(app.dataDir, address);
      const [pageLink, atHomeLink, callMeLink, unsubscribeLink] = linksOf(mail);
      expect(pageLink).toMatch(new RegExp(`^${app.url}/v/[\\w.-]+$`));
      expect(atHomeLink).toBe(`${pageLink}?antwoord=thuis`);
      expect(callMeLink).toBe(`${pageLink}?antwoord=bellen`);
      expect(unsubscribeLink).toBe(`${pageLink}/afmelden`);
      expect(mail.text).toContain(pageLink);

      // A mail scanner fetches every link of the mail: nothing changes.
      const before = await stateOf();
      for (const link of linksOf(mail)) {
        const response = await fetch(link, { redirect: 'manual' });
        expect(response.status, link).toBeLessThan(400);
      }
      expect(await stateOf()).toEqual(before);

      const { page, context } = await browser.newPage();
      try {
        await page.goto(pageLink);
        await greeting(page, site, name).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(site.language);
        expect(await repliesOf(orders[order])).toEqual([]);
        await expectNoAxeViolations(page, `mail-link-details-${site.language}`);

        await page.getByRole('button', { name: textOf(site, 'reply.answer.AT_HOME') }).click();
        await page.getByText(textOf(site, 'consumer.reply.savedAtHome')).waitFor();
        expect(await repliesOf(orders[order])).toEqual([{ answer: 'AT_HOME' }]);
      } finally {
        await context.close();
      }
    });

    it(`opens the reply link of the mail with its answer chosen, and only the page's confirmation records it (${site.language})`, async () => {
      const mail = await mailTo(app.dataDir, address);
      const callMeLink = linksOf(mail)[2];
      const { page, context } = await browser.newPage();
      try {
        await page.goto(callMeLink);
        const answer = textOf(site, 'reply.answer.CALL_ME');
        await page.getByText(textOf(site, 'consumer.reply.proposed', { answer })).waitFor();
        // The earlier reply stands until the consumer confirms the new one.
        expect(await repliesOf(orders[order])).toEqual([{ answer: 'AT_HOME' }]);
        await expectNoAxeViolations(page, `mail-reply-link-${site.language}`);

        await page.getByRole('button', { name: answer }).click();
        await page.getByText(textOf(site, 'consumer.reply.savedCallMe')).waitFor();
        expect(await repliesOf(orders[order])).toEqual([{ answer: 'CALL_ME' }]);
      } finally {
        await context.close();
      }
    });
  }
});
