import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import type { Order } from '../../server/orders/order.entity.js';
import { VisitOutcome, VisitStage, VisitStatus } from '../../server/visits/visit-status.entity.js';
import { askForPublication } from '../utils/consumer-messages.js';
import { createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { SITES, textOf } from './utils/sites.js';

/** Tuesday 1 December 2026, 11:10: the visits of 10:00 were finished at 11:00, ten minutes ago. */
const NOW = '2026-12-01T11:10:00+01:00';
const TEN = new Date('2026-12-01T10:00:00+01:00');
const FINISHED_AT = new Date('2026-12-01T11:00:00+01:00');
const PHONE = { width: 390, height: 844 };
const [DUTCH, FRENCH] = SITES;

/** The thank-you mail to the address in the app's outbox, parsed as a mail client would (mailparser). */
async function thankYouTo(dataDir: string, address: string): Promise<ParsedMail> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
    const mails = await Promise.all(names.map((name) => simpleParser(readFileSync(join(dir, name)))));
    // The visit's window was mailed too (it is today's): the thank-you is the one with the rating link.
    const found = mails.filter(
      (mail) =>
        mail.to &&
        !Array.isArray(mail.to) &&
        mail.to.value.some((to) => to.address === address) &&
        typeof mail.html === 'string' &&
        mail.html.includes('/b/'),
    );
    if (found.length > 1) throw new Error(`${found.length} mails to ${address}, expected one`);
    if (found.length === 1) return found[0];
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mail's button: the first link of its HTML part. */
function firstLinkOf(mail: ParsedMail): string {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const match = /href="([^"]+)"/.exec(html);
  if (!match) throw new Error('the mail has no link');
  return match[1].replace(/&amp;/g, '&');
}

describe('from the thank-you mail in the outbox to a rating on a phone (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  const orders: Record<string, Order> = {};

  const ratingOf = (order: Order) =>
    withDatabase(app, (em) =>
      em
        .getConnection()
        .execute<{ score: number; comment: string | null }[]>(
          'select score, comment from visit_ratings where order_id = ?',
          [order.id],
        ),
    );

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW, JOB_POLL_INTERVAL_MS: '500' });
    await withDatabase(app, async (em) => {
      for (const [key, country, email, name] of [
        ['anna', Country.NL, 'anna.bedankt@example.nl', 'Anna Jansen'],
        ['claire', Country.BE, 'claire.merci@example.be', 'Claire Dubois'],
      ] as const) {
        const technician = await createTechnician(em, { country, firstname: 'Jan' });
        const order = await createOrder(em, {
          name,
          country,
          zipcode: country === Country.BE ? '1000' : '1234 AB',
          technician,
          appointment: TEN,
          email,
          phone: '',
        });
        em.create(VisitStatus, {
          order,
          stage: VisitStage.FINISHED,
          steppedBack: false,
          finishedAt: FINISHED_AT,
          outcome: VisitOutcome.REPAIRED,
          updatedAt: FINISHED_AT,
        });
        await em.flush();
        orders[key] = order;
      }
    });
    // The minute's run, asked for now (as the schedule, or another instance, would).
    await askForPublication(app.database.url);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const [site, key, address, score] of [
    [DUTCH, 'anna', 'anna.bedankt@example.nl', 4],
    [FRENCH, 'claire', 'claire.merci@example.be', 5],
  ] as const) {
    it(`follows the rating link of the mail and rates the visit at phone width (${site.language})`, async () => {
      const mail = await thankYouTo(app.dataDir, address);
      const link = firstLinkOf(mail);
      expect(link).toMatch(new RegExp(`^${app.url}/b/[\\w.-]+$`));
      expect(mail.text).toContain(link);

      // A mail scanner fetches the link: nothing is rated.
      expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
      expect(await ratingOf(orders[key])).toEqual([]);

      const { page, context } = await browser.newPage({ viewport: PHONE });
      try {
        await page.goto(link);
        const legend = page.getByText(textOf(site, 'consumer.rating.title'), { exact: true });
        await legend.waitFor();
        // Shown in the order's language, whichever site the link points at.
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(site.language);
        expect(await ratingOf(orders[key])).toEqual([]);
        await expectNoAxeViolations(page, `rating-link-${site.language}`);
        await expectNoHorizontalScroll(page, `rating-link-${site.language}`);

        await page.getByRole('radio', { name: new RegExp(`^${score}\\b`) }).check();
        await page.getByLabel(textOf(site, 'consumer.rating.commentLabel')).fill('Snel en vriendelijk');
        await page.getByRole('button', { name: textOf(site, 'consumer.rating.send') }).click();
        await page.getByText(textOf(site, 'consumer.rating.thanks')).waitFor();
        expect(await ratingOf(orders[key])).toEqual([{ score, comment: 'Snel en vriendelijk' }]);
        await expectNoAxeViolations(page, `rating-link-saved-${site.language}`);
        // The link rates and does nothing else: no data token was stored for the details page.
        expect(await page.evaluate(() => window.localStorage.getItem('dataToken'))).toBeNull();

        // A link cut off in the mail client: the page says so, in the site's language.
        await page.goto(`${link.slice(0, -4)}`);
        await page.getByText(textOf(site, 'consumer.ratingLink.INVALID')).waitFor();
        await expectNoAxeViolations(page, `rating-link-invalid-${site.language}`);
      } finally {
        await context.close();
      }
    });
  }
});
