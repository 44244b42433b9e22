import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { instantOf } from '../../shared/zoned-time.js';
import { signLinkToken } from '../../server/consumer-links/link-token.js';
import { createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Monday 23 November 2026, 09:00: the visits of the day are under way. */
const NOW = '2026-11-23T09:00:00+01:00';
const TODAY = '2026-11-23';
const PHONE = { width: 390, height: 844 };

describe("the consumer's page follows the technician's visit live (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const card = (page: Page, name: string) =>
    page.locator('li.visit-card').filter({ has: page.locator('h2', { hasText: name }) });

  for (const site of SITES) {
    it(`shows Onderweg, then Afgerond with the outcome, without a reload (${site.language})`, async () => {
      const country = site.language === 'fr' ? Country.BE : Country.NL;
      const zone = country === Country.BE ? 'Europe/Brussels' : 'Europe/Amsterdam';
      const { technician, order } = await withDatabase(app, async (em) => {
        const technician = await createTechnician(em, { firstname: 'Jan', lastname: 'Verbeek', country });
        const order = await createOrder(em, {
          technician,
          country,
          name: `Klant ${site.language}`,
          appointment: instantOf(TODAY, 10, 0, zone),
          ...(country === Country.BE ? { phone: '0470 99 88 77' } : {}),
        });
        return { technician, order };
      });
      const link = `/v/${signLinkToken(secret, { id: order.id, appointment: order.appointment, technicianId: technician.id })}`;
      const consumer = await openOnSite(browser, app, site, link, { viewport: PHONE });
      const technicianPage = await browser.newPage({ viewport: PHONE });
      try {
        const status = consumer.page.getByRole('status').filter({ hasText: /\S/ });
        await consumer.page
          .getByRole('heading', { name: textOf(site, 'consumer.details.greeting', { name: order.name }) })
          .waitFor();
        await consumer.page.getByText(textOf(site, 'consumer.details.callAhead'), { exact: true }).waitFor();

        await openWithStorage(
          technicianPage.page,
          app,
          { accessToken: appTokens(app).signTechnician(technician) },
          '/technician/today',
        );
        const technicianCard = card(technicianPage.page, order.name);
        await technicianCard.getByRole('button', { name: 'Onderweg' }).click();
        await technicianCard.getByRole('button', { name: 'Over 30 min' }).click();
        const tapped = Date.now();
        const onTheWay = textOf(site, 'consumer.progress.onTheWay', { name: 'Jan', time: '09:30' });
        await expect.poll(() => status.textContent(), { timeout: 2_000 }).toBe(onTheWay);
        expect(Date.now() - tapped).toBeLessThan(2_000);
        expect(await consumer.page.getByText(textOf(site, 'consumer.details.callAhead'), { exact: true }).count()).toBe(
          0,
        );
        expect(await consumer.page.getByText('Verbeek').count()).toBe(0);
        await expectNoAxeViolations(consumer.page, `visit-live-on-the-way-${site.language}`);

        await technicianCard.getByRole('button', { name: 'Aangekomen' }).click();
        const arrived = textOf(site, 'consumer.progress.arrived', { name: 'Jan' });
        await expect.poll(() => status.textContent(), { timeout: 2_000 }).toBe(arrived);

        await technicianCard.getByRole('button', { name: 'Afgerond' }).click();
        await technicianCard.getByLabel('Gerepareerd').check();
        await technicianCard.getByRole('button', { name: 'Opslaan' }).click();
        const finished = `${textOf(site, 'consumer.progress.finished')} ${textOf(site, 'consumer.progress.outcome.REPAIRED')}`;
        await expect.poll(() => status.textContent(), { timeout: 2_000 }).toBe(finished);
        expect(await status.getAttribute('aria-live')).toBe('polite');
        await expectNoAxeViolations(consumer.page, `visit-live-finished-${site.language}`);
      } finally {
        await consumer.context.close();
        await technicianPage.context.close();
      }
    });
  }
});
