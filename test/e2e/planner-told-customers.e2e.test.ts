import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../server/messages/consumer-message.entity.js';
import type { Order } from '../../server/orders/order.entity.js';
import { formatHour } from '../../shared/clock-time.js';
import { instantOf } from '../../shared/zoned-time.js';
import { createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

/** Monday 23 November 2026, 14:00: Tuesday's windows were shown to the customers at 13:30. */
const NOW = '2026-11-23T14:00:00+01:00';
const DAY = '2026-11-24';
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'monteur-planning';

describe('the planner moves no customer silently (built app in Chromium, 390 px)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const zoneOf = (site: Site) => (site.country === 'BE' ? 'Europe/Brussels' : 'Europe/Amsterdam');

  /**
   * Anna at 10:00 and Bert at 11:00 were told their window at 13:30; Carla at 14:00 was told nothing (no address to
   * tell). No order has contact data, so the minute's publication adds no message of its own.
   */
  const arrange = (site: Site) =>
    withDatabase(app, async (em) => {
      const country = site.country === 'BE' ? Country.BE : Country.NL;
      const zone = zoneOf(site);
      const email = `planner-${site.language}-${Date.now()}@example.test`;
      const technician = await createTechnician(em, { firstname: 'Sam', country, email, password: PASSWORD });
      const common = {
        technician,
        country,
        zipcode: country === Country.BE ? '9000' : '3511 CD',
        email: '',
        phone: '',
      };
      const at = (hour: number) => instantOf(DAY, hour, 0, zone);
      const told = async (order: Order) => {
        em.create(ConsumerMessage, {
          order,
          kind: MessageKind.WINDOW,
          channel: MessageChannel.EMAIL,
          windowStart: order.appointment,
          windowSeconds: order.duration,
          recipient: 'klant@example.test',
          language: site.language,
          status: MessageStatus.SENT,
          createdAt: new Date(NOW),
          sentAt: new Date(NOW),
        });
        await em.flush();
      };
      await told(await createOrder(em, { ...common, appointment: at(10), name: 'Anna Jansen' }));
      await told(await createOrder(em, { ...common, appointment: at(11), name: 'Bert Bakker' }));
      await createOrder(em, { ...common, appointment: at(14), name: 'Carla de Boer' });
      return email;
    });

  const item = (page: Page, name: string) => page.locator('li.planner-item', { hasText: name });
  const startOf = (page: Page, name: string) =>
    item(page, name)
      .locator('select')
      .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

  for (const site of SITES) {
    it(`${site.language}: asks before a shift moves another visit, and the confirm names who gets a changed window`, async () => {
      const email = await arrange(site);
      const hour = (value: number) => formatHour(value, site.language);
      const { page, context } = await openOnSite(browser, app, site, '/technician/login', { viewport: PHONE });
      await page.getByLabel(textOf(site, 'staff.email')).fill(email);
      await page.getByLabel(textOf(site, 'staff.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: textOf(site, 'staff.signIn'), exact: true }).click();
      await page.waitForURL('**/technician/manage');
      await item(page, 'Carla de Boer').waitFor();

      // "+1 uur" on Anna lands on Bert's hour: it says so before anything moves.
      const later = item(page, 'Anna Jansen').locator('button[data-move="down"]');
      await later.click();
      const swap = page.getByRole('dialog', {
        name: textOf(site, 'technician.manage.swapTitle', { name: 'Anna Jansen', time: hour(11) }),
      });
      await swap.waitFor();
      expect(await swap.textContent()).toContain(
        textOf(site, 'technician.manage.swapBody', { name: 'Bert Bakker', time: hour(10) }),
      );
      await expectNoAxeViolations(page, `planner-swap-${site.language}`);
      await saveScreenshot(page, `planner-swap-${site.language}`);

      // Cancelled, nobody moved.
      await swap.getByRole('button', { name: textOf(site, 'common.cancel') }).click();
      await swap.waitFor({ state: 'hidden' });
      expect([await startOf(page, 'Anna Jansen'), await startOf(page, 'Bert Bakker')]).toEqual([hour(10), hour(11)]);

      // Agreed: the two swap.
      await later.click();
      await swap.getByRole('button', { name: textOf(site, 'technician.manage.swapConfirm') }).click();
      await expect.poll(() => startOf(page, 'Anna Jansen')).toBe(hour(11));
      expect(await startOf(page, 'Bert Bakker')).toBe(hour(10));

      // Carla, who heard nothing yet, moves too: she is told her window once, not as a change.
      await item(page, 'Carla de Boer').getByLabel(textOf(site, 'technician.manage.start')).selectOption('15');

      await page.getByRole('button', { name: textOf(site, 'technician.manage.confirm'), exact: true }).click();
      const question = page.getByRole('dialog');
      await question.getByText(textOf(site, 'technician.manage.confirmTold')).waitFor();
      const listed = await question.locator('li').allTextContents();
      expect(listed).toEqual([
        textOf(site, 'technician.manage.confirmToldItem', { name: 'Bert Bakker', first: hour(10), last: hour(13) }),
        textOf(site, 'technician.manage.confirmToldItem', { name: 'Anna Jansen', first: hour(11), last: hour(14) }),
      ]);
      await expectNoAxeViolations(page, `planner-confirm-told-${site.language}`);
      await saveScreenshot(page, `planner-confirm-told-${site.language}`);

      await question.getByRole('button', { name: textOf(site, 'technician.manage.confirm'), exact: true }).click();
      await page.getByText(textOf(site, 'technician.manage.confirmed')).waitFor();
      await context.close();
    });
  }
});
