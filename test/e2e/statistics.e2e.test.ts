import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../server/messages/consumer-message.entity.js';
import type { Order } from '../../server/orders/order.entity.js';
import { MailOpen } from '../../server/statistics/mail-open.entity.js';
import { SiteVisit } from '../../server/statistics/site-visit.entity.js';
import { addDays, instantOf, localDateOf } from '../../shared/zoned-time.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { createAdmin, createOrder } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

const TITLES = [
  'Websitebezoeken per uur',
  '10 meest gebruikte browsers',
  '10 meest gebruikte besturingssystemen',
  'Verstuurde en gelezen e-mails per dag',
];
const ZONE = 'Europe/Amsterdam';
/** Days before today in Amsterdam, as the screen's chart shows them: the mails of the last 30 days by default. */
const daysAgo = (days: number) => addDays(localDateOf(new Date(), ZONE), -days);
const shown = (date: string) => date.split('-').reverse().join('-');
/** A marker ECharts writes into every chart container; only its code contains it. */
const ECHARTS_MARKER = '_echarts_instance_';

describe('statistics screen (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => {
      const admin = await createAdmin(em);
      const orders = [
        await createOrder(em, { appointment: new Date('2026-03-10T08:00:00Z') }),
        await createOrder(em, { appointment: new Date('2026-03-11T08:00:00Z') }),
      ];
      const agents = [
        { browser: 'Chrome', os: 'Android', count: 5, hour: '18:15' },
        { browser: 'Samsung Internet', os: 'Android', count: 3, hour: '07:40' },
        { browser: 'Mobile Safari', os: 'iOS', count: 4, hour: '12:05' },
      ];
      let index = 0;
      for (const agent of agents) {
        for (let k = 0; k < agent.count; k++) {
          em.create(SiteVisit, {
            // Winter time: UTC+1, so 17:15Z is 18:15 in Amsterdam.
            visitedAt: new Date(`2026-03-09T${agent.hour}:00+01:00`),
            order: orders[index++ % 2],
            userAgent: `${agent.browser} on ${agent.os}`,
            browser: agent.browser,
            os: agent.os,
          });
        }
      }
      // Consumer mails: two sent two days ago (one read the next day), one sent yesterday and read; an SMS is no mail.
      const mail = (order: Order, kind: MessageKind, day: string, channel = MessageChannel.EMAIL) => {
        const sentAt = instantOf(day, 13, 30, ZONE);
        em.create(ConsumerMessage, {
          order,
          kind,
          channel,
          windowStart: order.appointment,
          windowSeconds: 3 * 3600,
          recipient: channel === MessageChannel.EMAIL ? order.email : '+31612345678',
          language: 'nl',
          status: MessageStatus.SENT,
          tries: 1,
          createdAt: sentAt,
          sentAt,
        });
      };
      mail(orders[0], MessageKind.WINDOW, daysAgo(2));
      mail(orders[1], MessageKind.WINDOW, daysAgo(2));
      mail(orders[1], MessageKind.WINDOW, daysAgo(2), MessageChannel.SMS);
      mail(orders[0], MessageKind.UPDATE, daysAgo(1));
      em.create(MailOpen, { order: orders[0], openedAt: instantOf(daysAgo(1), 9, 0, ZONE) });
      em.create(MailOpen, { order: orders[0], openedAt: instantOf(daysAgo(1), 20, 0, ZONE) });
      await em.flush();
      return appTokens(app).signAdmin(admin);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /**
   * Every script the page loaded, with its text. The text is fetched again by URL afterwards: the
   * browser drops a response's body once the page navigates away from it.
   */
  const scriptsOf = (page: Page) => {
    const urls = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') urls.add(response.url());
    });
    return () => Promise.all([...urls].map(async (url) => (await fetch(url)).text()));
  };

  const chartTitles = (page: Page) => page.locator('.stats-chart h2').allTextContents();

  it('shows the averages and four drawn charts with their titles', async () => {
    const { page, context } = await browser.newPage();
    const scripts = scriptsOf(page);
    await openWithStorage(page, app, { adminToken }, '/admin/statistics');
    await page.locator('h1', { hasText: 'Statistieken' }).waitFor();
    await page.locator('.stats-chart-canvas svg').nth(3).waitFor();

    expect(await chartTitles(page)).toEqual(TITLES);
    for (let i = 0; i < 4; i++) {
      const drawn = await page.locator('.stats-chart-canvas').nth(i).locator('svg path').count();
      expect(drawn).toBeGreaterThan(3);
    }
    // 12 visits over 2 orders; 2 mail opens of 1 order (the legacy average, unchanged).
    const averages = await page.locator('.stats-averages dd').allTextContents();
    expect(averages).toEqual(['6', '2', '12']);
    // Bar chart: an axis of hours; pies: labels cut at 10 characters, legends with full names.
    const barText = await page.locator('.stats-chart-canvas').nth(0).locator('svg text').allTextContents();
    expect(barText).toContain('0.00');
    const pieText = await page.locator('.stats-chart-canvas').nth(1).locator('svg text').allTextContents();
    expect(pieText).toContain('Samsung In…');
    expect(pieText).toContain('Samsung Internet');
    expect(pieText).toContain('Mobile Saf…');
    expect(await page.locator('.stats-chart-canvas').nth(1).getAttribute('aria-label')).toBe(
      '10 meest gebruikte browsers: Chrome 5, Mobile Safari 4, Samsung Internet 3',
    );
    // The hours are local (Europe/Amsterdam): 17:15 UTC counts at 18:00.
    await page.locator('.stats-chart').first().locator('summary').click();
    const row18 = page.locator('.stats-chart').first().locator('tbody tr', { hasText: '18.00' });
    expect(await row18.locator('td').allTextContents()).toEqual(['18.00', '5']);
    expect((await scripts()).some((text) => text.includes(ECHARTS_MARKER))).toBe(true);
    await saveScreenshot(page, 'statistics');
    await context.close();
  });

  it('shows the consumer mails sent and read per day of the last 30 days, as a chart and as a table', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/statistics');
    const card = page.locator('.stats-chart').filter({ has: page.getByRole('heading', { name: TITLES[3] }) });
    await card.locator('.stats-chart-canvas svg').waitFor();
    // Three mails, two of them read: the first of two days ago the next morning, and yesterday's the same evening.
    expect(await card.locator('.stats-chart-canvas').getAttribute('aria-label')).toBe(
      'Verstuurde en gelezen e-mails per dag: 3 verstuurd, 2 geopend (67 %).',
    );
    const axis = await card.locator('.stats-chart-canvas svg text').allTextContents();
    expect(axis).toContain('Verstuurd');
    expect(axis).toContain('Geopend');
    expect(await card.locator('.stats-note').textContent()).toContain(
      `Van ${shown(daysAgo(29))} tot en met ${shown(daysAgo(0))}`,
    );

    await card.locator('summary').click();
    const table = card.getByRole('table');
    expect(await table.locator('th').allTextContents()).toEqual(['Dag', 'Verstuurd', 'Geopend', 'Gelezen']);
    const row = async (first: string) =>
      table
        .locator('tbody tr')
        .filter({ has: page.getByRole('cell', { name: first, exact: true }) })
        .locator('td');
    expect(await (await row(shown(daysAgo(2)))).allTextContents()).toEqual([shown(daysAgo(2)), '2', '1', '50 %']);
    expect(await (await row(shown(daysAgo(1)))).allTextContents()).toEqual([shown(daysAgo(1)), '1', '1', '100 %']);
    expect(await (await row(shown(daysAgo(3)))).allTextContents()).toEqual([shown(daysAgo(3)), '0', '0', '–']);
    expect(await (await row('Totaal')).allTextContents()).toEqual(['Totaal', '3', '2', '67 %']);
    expect(await table.locator('tbody tr').count()).toBe(31);
    await expectNoAxeViolations(page, 'statistics-mail-reads');
    await context.close();
  });

  it('shows empty charts, not an error, for a period without visits, and explains a reversed period', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/statistics');
    await page.locator('.stats-chart-canvas svg').nth(3).waitFor();
    await page.getByLabel('Van', { exact: true }).fill('2027-01-01');
    await page.getByLabel('Tot en met').fill('2027-01-31');
    await page.getByRole('button', { name: 'Toon' }).click();
    await page.locator('.stats-averages dd', { hasText: /^0$/ }).nth(2).waitFor();
    expect(await page.locator('.stats-averages dd').allTextContents()).toEqual(['0', '0', '0']);
    expect(await chartTitles(page)).toEqual(TITLES);
    expect(await page.locator('.stats-chart-canvas svg').count()).toBe(4);
    expect(await page.getByText('Geen websitebezoeken in deze periode.').count()).toBe(3);
    expect(await page.getByText('Geen e-mails verstuurd in deze periode.').count()).toBe(1);
    expect(await page.locator('[role=alert]').textContent()).toBe('');

    await page.getByLabel('Van', { exact: true }).fill('2027-02-01');
    await page.getByRole('button', { name: 'Toon' }).click();
    await page.locator('[role=alert]', { hasText: 'De einddatum ligt vóór de begindatum.' }).waitFor();
    expect(await page.getByLabel('Tot en met').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('fits a phone screen (375 px) without sideways scrolling', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await openWithStorage(page, app, { adminToken }, '/admin/statistics');
    await page.locator('.stats-chart-canvas svg').nth(3).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'statistics-phone');
    await context.close();
  });

  it('never sends the chart code to consumers or to the other admin pages', async () => {
    for (const [path, storage] of [
      ['/index', {}],
      ['/admin/main', { adminToken }],
    ] as const) {
      const { page, context } = await browser.newPage();
      const scripts = scriptsOf(page);
      await openWithStorage(page, app, storage, path);
      await pageSettled(page);
      const texts = await scripts();
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.some((text) => text.includes(ECHARTS_MARKER))).toBe(false);
      await context.close();
    }
  });
});
