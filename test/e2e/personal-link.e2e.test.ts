import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import type { Order } from '../../server/orders/order.entity.js';
import { createOrder } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Tuesday 24 November 2026, 10:00: today's visits show their window; Thursday's appears Wednesday 13:30. */
const NOW = '2026-11-24T10:00:00+01:00';
const TODAY_AFTERNOON = new Date('2026-11-24T15:00:00+01:00');
const THURSDAY = new Date('2026-11-26T09:00:00+01:00');
const MONDAY = new Date('2026-11-23T09:00:00+01:00');
const NARROW = { width: 320, height: 720 };
const [DUTCH, FRENCH] = SITES;

describe('the personal link of a consumer message (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;
  const orders: Record<string, Order> = {};

  const linkOf = (order: Order) => `/v/${personalLinkToken({ jwtSecret: secret }, order)}`;

  const countRows = (sql: string) =>
    withDatabase(app, async (em) => Number((await em.getConnection().execute<{ n: string }[]>(sql))[0].n));

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    await withDatabase(app, async (em) => {
      orders.anna = await createOrder(em, {
        name: 'Anna Jansen',
        appointment: TODAY_AFTERNOON,
        email: 'anna@example.nl',
      });
      orders.claire = await createOrder(em, {
        name: 'Claire Dubois',
        appointment: TODAY_AFTERNOON,
        country: Country.BE,
        phone: '0470 99 88 77',
        email: 'claire@example.be',
      });
      orders.piet = await createOrder(em, {
        name: 'Piet Pieters',
        appointment: THURSDAY,
        email: 'piet.pieters@example.nl',
        phone: '06 87654321',
      });
      orders.luc = await createOrder(em, {
        name: 'Luc Lambert',
        appointment: THURSDAY,
        country: Country.BE,
        phone: '0471 22 33 44',
        email: 'luc@example.be',
      });
      orders.past = await createOrder(em, {
        name: 'Marie Martin',
        appointment: MONDAY,
        country: Country.BE,
        phone: '0472 11 11 11',
      });
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const greeting = (page: Page, site: (typeof SITES)[number], name: string) =>
    page.getByRole('heading', { name: textOf(site, 'consumer.details.greeting', { name }) });

  it('opens the details page straight from the link, and a reply link asks to confirm its answer there', async () => {
    const { page, context } = await openOnSite(browser, app, DUTCH, `${linkOf(orders.anna)}?antwoord=thuis`);
    // The page reads its visits again once its live stream is connected; the keyboard check below starts after
    // that read, so that it tests the reply and not a race with the re-read.
    let visitReads = 0;
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('query ConsumerVisits')) visitReads++;
    });
    try {
      await greeting(page, DUTCH, 'Anna Jansen').waitFor();
      await expect.poll(() => visitReads, { timeout: 10_000 }).toBe(2);
      expect(new URL(page.url()).pathname).toBe('/details');
      const answer = textOf(DUTCH, 'reply.answer.AT_HOME');
      await page.getByText(textOf(DUTCH, 'consumer.reply.proposed', { answer })).waitFor();
      // opening the reply link sent nothing
      expect(await countRows(`select count(*) as n from consumer_replies where order_id = ${orders.anna.id}`)).toBe(0);
      await expectNoAxeViolations(page, 'personal-link-proposal-nl');

      // by keyboard: to the proposed answer's own button (one button per answer), Enter
      await tabTo(page, `button "${answer}"`);
      await page.keyboard.press('Enter');
      await page.getByText(textOf(DUTCH, 'consumer.reply.savedAtHome')).waitFor();
      expect(await page.getByText(textOf(DUTCH, 'consumer.reply.proposed', { answer })).count()).toBe(0);
      // The focus stays on the chosen answer, now pressed.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
      expect(
        await countRows(
          `select count(*) as n from consumer_replies where order_id = ${orders.anna.id} and answer = 'AT_HOME'`,
        ),
      ).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("shows a Belgian order's page in French, whichever site the link names", async () => {
    const { page, context } = await openOnSite(browser, app, DUTCH, `${linkOf(orders.claire)}?antwoord=bellen`);
    try {
      await greeting(page, FRENCH, 'Claire Dubois').waitFor();
      const answer = textOf(FRENCH, 'reply.answer.CALL_ME');
      await page.getByText(textOf(FRENCH, 'consumer.reply.proposed', { answer })).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await expectNoAxeViolations(page, 'personal-link-proposal-fr');
    } finally {
      await context.close();
    }
  });

  for (const [site, order, expected] of [
    [
      DUTCH,
      'piet',
      {
        when: 'Het tijdvak verschijnt hier vanaf woensdag 25 november 13.30 uur.',
        how: 'U krijgt om 13.30 uur een e-mail op p•••@example.nl en een sms op 06 •••• 4321.',
      },
    ],
    [
      FRENCH,
      'luc',
      {
        when: 'La plage horaire sera affichée ici à partir du mercredi 25 novembre à 13\u00a0h\u00a030.',
        how: 'Vous recevrez à 13\u00a0h\u00a030 un e-mail à l•••@example.be et un SMS au 04 •••• 3344.',
      },
    ],
  ] as const) {
    it(`says before 13:30 when the window appears and where it will be sent, masked (${site.language})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, linkOf(orders[order]), { viewport: NARROW });
      try {
        await page.getByText(expected.when).waitFor();
        await page.getByText(expected.how).waitFor();
        const html = await page.content();
        expect(html).not.toContain('piet.pieters@');
        expect(html).not.toContain('87654321');
        await expectNoAxeViolations(page, `personal-link-pending-${site.language}`);
        await expectNoHorizontalScroll(page, `personal-link-pending-${site.language}`);
      } finally {
        await context.close();
      }
    });
  }

  for (const site of SITES) {
    it(`says so for a forged or an expired link and offers the lookup (${site.language})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/v/1.AAAAAAAA.AAAAAAAAAAAAAAAA');
      try {
        await page.getByRole('heading', { name: textOf(site, 'consumer.link.refusedTitle') }).waitFor();
        await page.getByText(textOf(site, 'consumer.link.INVALID')).waitFor();
        await expectNoAxeViolations(page, `personal-link-invalid-${site.language}`);
        await tabTo(page, `link "${textOf(site, `consumer.link.lookUp.${site.country}`)}"`);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/index$/);
      } finally {
        await context.close();
      }
    });
  }

  it("says an expired link is expired in the order's language", async () => {
    const { page, context } = await openOnSite(browser, app, DUTCH, linkOf(orders.past));
    try {
      await page.getByText(textOf(FRENCH, 'consumer.link.EXPIRED')).waitFor();
      await expectNoAxeViolations(page, 'personal-link-expired-fr');
    } finally {
      await context.close();
    }
  });

  for (const [site, order, masked] of [
    [DUTCH, 'anna', 'a•••@example.nl'],
    [FRENCH, 'claire', 'c•••@example.be'],
  ] as const) {
    it(`unsubscribes by the button of the unsubscribe page (${site.language})`, async () => {
      const before = await countRows('select count(*) as n from consumer_unsubscribes');
      const { page, context } = await openOnSite(browser, app, site, `${linkOf(orders[order])}/afmelden`);
      try {
        await page.getByRole('heading', { name: textOf(site, 'consumer.unsubscribe.title') }).waitFor();
        expect(await countRows('select count(*) as n from consumer_unsubscribes')).toBe(before);
        await expectNoAxeViolations(page, `unsubscribe-${site.language}`);
        await tabTo(page, `button "${textOf(site, 'consumer.unsubscribe.submit')}"`);
        await page.keyboard.press('Enter');
        await page.getByText(textOf(site, 'consumer.unsubscribe.done', { email: masked })).waitFor();
        expect(await countRows('select count(*) as n from consumer_unsubscribes')).toBe(before + 1);
        await expectNoAxeViolations(page, `unsubscribed-${site.language}`);
      } finally {
        await context.close();
      }
    });
  }
});
