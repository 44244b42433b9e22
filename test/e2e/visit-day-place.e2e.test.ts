import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import type { Order } from '../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../server/schedule/schedule-confirmation.entity.js';
import { formatClock } from '../../shared/clock-time.js';
import { instantOf } from '../../shared/zoned-time.js';
import { createOrder, createTechnician } from '../utils/factories.js';
import { writeVisitStatus } from '../utils/visit-day.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Tuesday 24 November 2026, 9.30: the technician is at the day's first visit since 8.10. */
const DATE = '2026-11-24';
const NOW = '2026-11-24T09:30:00+01:00';
const PHONE = { width: 390, height: 844 };
const [DUTCH, FRENCH] = SITES;

describe("the consumer's place in the day and narrow time on the personal link (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;
  const third: Partial<Record<Country, Order>> = {};

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    await withDatabase(app, async (em) => {
      for (const [country, firstname, zone, zipcode] of [
        [Country.NL, 'Jan', 'Europe/Amsterdam', '3511 AB'],
        [Country.BE, 'Luc', 'Europe/Brussels', '2000'],
      ] as const) {
        const technician = await createTechnician(em, { firstname, lastname: 'Verborgen', country });
        const at = (hour: number, minute = 0) => instantOf(DATE, hour, minute, zone);
        const orders: Order[] = [];
        for (const [index, hour] of [8, 9, 11].entries()) {
          orders.push(
            await createOrder(em, {
              technician,
              country,
              zipcode,
              appointment: at(hour),
              name: `Klant ${country} ${index + 1}`,
              phone: country === Country.NL ? '06 12345678' : '0470 11 22 33',
            }),
          );
        }
        await writeVisitStatus(em, orders[0], {
          stage: 'ARRIVED',
          onTheWayAt: at(7, 50),
          expectedArrival: at(8, 10),
          arrivedAt: at(8, 10),
        });
        em.create(ScheduleConfirmation, { technician, date: DATE, confirmedAt: instantOf('2026-11-23', 17, 0, zone) });
        await em.flush();
        third[country] = orders[2];
      }
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const [site, country, name] of [
    [DUTCH, Country.NL, 'Jan'],
    [FRENCH, Country.BE, 'Luc'],
  ] as const) {
    it(`says the place in the day, what comes before and the narrow time, at phone size (${site.language})`, async () => {
      const order = third[country]!;
      const { page, context } = await openOnSite(
        browser,
        app,
        site,
        `/v/${personalLinkToken({ jwtSecret: secret }, order)}`,
        {
          viewport: PHONE,
        },
      );
      try {
        const place = page.locator('.visit-day-place');
        const ordinal = '3e';
        await place.getByText(textOf(site, 'consumer.day.placeToday', { ordinal, name }), { exact: false }).waitFor();
        await expect.poll(() => place.textContent()).toContain(textOf(site, 'consumer.day.visitsBefore', { count: 2 }));
        // Free of the first visit now (it runs long), two drives and a visit later: the 11.00 window opens first.
        const expected = textOf(site, 'consumer.day.expected', {
          from: formatClock({ hour: 11, minute: 0 }, site.language),
          until: formatClock({ hour: 12, minute: 0 }, site.language),
        });
        expect(await place.textContent()).toContain(expected);
        expect(await place.textContent()).toContain(textOf(site, 'consumer.day.estimate'));
        // Nothing of the other customers, nor the technician's surname.
        const body = (await page.locator('body').textContent()) ?? '';
        expect(body).not.toContain(`Klant ${country} 1`);
        expect(body).not.toContain(`Klant ${country} 2`);
        expect(body).not.toContain('Verborgen');
        await expectNoAxeViolations(page, `visit-day-place-${site.language}`);
        await expectNoHorizontalScroll(page, `visit-day-place-${site.language}`);
        await page.screenshot({ path: `test-artifacts/visit-day-place-${site.language}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    });
  }
});
