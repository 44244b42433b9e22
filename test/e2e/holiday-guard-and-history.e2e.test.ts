import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { addDays, instantOf, localDateOf } from '../../shared/zoned-time.js';
import { Holiday } from '../../server/holidays/holiday.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

const ZONE = 'Europe/Amsterdam';
/** Two weeks ahead: never "before today", whatever time the test runs. */
const HOLIDAY_DATE = addDays(localDateOf(new Date(), ZONE), 14);
const VISIT_DATE = addDays(localDateOf(new Date(), ZONE), 7);
const dayMonthYear = (date: string) => date.split('-').reverse().join('-');

describe('holiday guard and order history (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    const admin = await withDatabase(app, async (em) => {
      const created = await createAdmin(em, { firstname: 'Ria', lastname: 'Beheer' });
      const jan = await createTechnician(em, { firstname: 'Jan', lastname: 'de Vries', personalNumber: 'N10001' });
      await createTechnician(em, { firstname: 'Anna', lastname: 'Smit', personalNumber: 'N10002' });
      const on = (hour: number) => instantOf(HOLIDAY_DATE, hour, 0, ZONE);
      await createOrder(em, { referenceNumber: 'HG-1', name: 'Klant Een', appointment: on(8), technician: jan });
      await createOrder(em, { referenceNumber: 'HG-2', name: 'Klant Twee', appointment: on(14) });
      return created;
    });
    adminToken = appTokens(app).signAdmin(admin);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const holidayStored = () =>
    withDatabase(app, (em) => em.count(Holiday, { country: Country.NL, date: HOLIDAY_DATE }).then((n) => n === 1));

  it('lists the active orders on the date before saving a holiday, and saves only when asked (phone width)', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await openWithStorage(page, app, { adminToken }, '/admin/holiday/create');
    await page.getByLabel('Datum').fill(HOLIDAY_DATE);
    await page.getByRole('button', { name: 'Aanmaken' }).click();

    const guard = page.getByRole('region', { name: 'Er staan opdrachten op deze datum' });
    await guard.getByText('HG-2').waitFor();
    await guard
      .getByText(
        `Op ${dayMonthYear(HOLIDAY_DATE)} staan 2 actieve opdrachten in Nederland. Sla de feestdag toch op of annuleer.`,
      )
      .waitFor();
    expect(await guard.locator('tbody tr').allTextContents()).toEqual([
      'HG-18.00 – 11.00Klant EenUtrechtJan de Vries (N10001)',
      'HG-214.00 – 17.00Klant TweeUtrecht—',
    ]);
    // The warning's heading takes focus, so a screen reader reads it at once.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('holiday-guard-title');
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    await saveScreenshot(page, 'holiday-guard-phone');

    await guard.getByRole('button', { name: 'Annuleren' }).click();
    await page.getByText('De feestdag is niet opgeslagen.').waitFor();
    expect(await guard.count()).toBe(0);
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).resolves.toBe('date');
    expect(await holidayStored()).toBe(false);

    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await guard.getByRole('button', { name: 'Toch opslaan' }).click();
    await page.waitForURL('**/admin/holiday/index');
    await page.getByText(`Feestdag ${dayMonthYear(HOLIDAY_DATE)} (NL) opgeslagen.`).waitFor();
    await page
      .locator('td', { hasText: dayMonthYear(HOLIDAY_DATE) })
      .first()
      .waitFor();
    expect(await holidayStored()).toBe(true);
    await context.close();
  });

  /** An admin call to the app's GraphQL API, as an integrator makes it. */
  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    expect(body.errors).toBeUndefined();
  };

  it('shows the history of an order, newest first, with older changes on request, and adds a reassignment', async () => {
    await graphql(
      `
        mutation ($input: CreateOrderInput!) {
          createOrder(input: $input) {
            id
          }
        }
      `,
      {
        input: {
          referenceNumber: 'HIST-1',
          name: 'Karin de Wit',
          email: 'karin@example.test',
          phone: '06 11112222',
          zipcode: '3511 AB',
          houseNumber: '7',
          city: 'Utrecht',
          country: 'NL',
          appointment: instantOf(VISIT_DATE, 9, 0, ZONE).toISOString(),
          technician: 'N10001',
        },
      },
    );
    // Ten reassignments: with the creation, eleven events; the screen shows ten and offers the oldest.
    for (let i = 0; i < 10; i++) {
      await graphql(
        `
          mutation ($input: ReassignOrderInput!) {
            reassignOrder(input: $input) {
              id
            }
          }
        `,
        {
          input: { referenceNumber: 'HIST-1', technician: i % 2 === 0 ? 'N10002' : 'N10001' },
        },
      );
    }

    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/appointment/manage');
    await page.getByLabel('Referentienummer').fill('HIST-1');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    const history = page.getByRole('region', { name: 'Geschiedenis' });
    await history.getByText('Vastgelegde wijzigingen: 11').waitFor();
    const events = history.locator('.history-event');
    expect(await events.count()).toBe(10);
    expect(await events.first().locator('strong').textContent()).toBe('Andere monteur');
    expect(await events.first().locator('.history-actor').textContent()).toBe('door Ria Beheer (admin)');
    expect(await events.first().locator('dd').textContent()).toBe('Anna Smit (N10002) →  wordt Jan de Vries (N10001)');

    await history.getByRole('button', { name: 'Oudere wijzigingen tonen' }).click();
    await history.getByText('Aangemaakt', { exact: true }).waitFor();
    expect(await events.count()).toBe(11);
    // The button is gone: focus is on the first event just loaded, not lost.
    await expect(page.evaluate(() => document.activeElement?.querySelector('strong')?.textContent)).resolves.toBe(
      'Aangemaakt',
    );
    expect(await history.getByRole('button', { name: 'Oudere wijzigingen tonen' }).count()).toBe(0);
    const created = events.last();
    expect(await created.locator('dt').allTextContents()).toContain('Begin tijdvak');
    await created.locator('dd', { hasText: `${dayMonthYear(VISIT_DATE)} 9.00` }).waitFor();

    // A change made on the screen appears at the top of the history.
    await page.getByLabel('Andere monteur').selectOption('N10002');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Monteur wijzigen' }).click();
    await page.getByText('Opdracht aangepast').waitFor();
    await history.getByText('Vastgelegde wijzigingen: 12').waitFor();
    expect(await events.first().locator('dd').textContent()).toBe('Jan de Vries (N10001) →  wordt Anna Smit (N10002)');
    await saveScreenshot(page, 'order-history');
    await context.close();
  });
});
