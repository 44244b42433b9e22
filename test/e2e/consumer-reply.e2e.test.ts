import { readFileSync } from 'node:fs';
import { devices, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import type { Technician } from '../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { parseVisitCalendar } from '../utils/ical.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

/** Monday 23 November 2026, 19:00: Tuesday's windows are shown; the evening-before calls are due. */
const NOW = new Date('2026-11-23T19:00:00+01:00');
const CREATED = new Date('2026-11-10T09:00:00+01:00');
const DUTCH_NL = 'afspraak.nl.example';
const FRENCH_BE = 'rendezvous.be.example';
const NOTE = '2e verdieping <b>bel</b> "Jansen" & parkeer achter';

describe('calendar file, consumer reply and the call list (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let technician: Technician;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW.toISOString() });
    await withDatabase(app, async (em) => {
      technician = await createTechnician(em, { firstname: 'Jan' });
      await createOrder(em, {
        name: 'Anna Jansen',
        referenceNumber: 'E2E-ANNA',
        zipcode: '1234 AB',
        houseNumber: '12',
        technician,
        createdAt: CREATED,
        appointment: new Date('2026-11-24T08:00:00+01:00'),
      });
      await createOrder(em, {
        name: 'Bram de Boer',
        referenceNumber: 'E2E-BRAM',
        zipcode: '5678 CD',
        houseNumber: '3',
        phone: '06 11112222',
        technician,
        createdAt: CREATED,
        appointment: new Date('2026-11-24T11:00:00+01:00'),
      });
      await createOrder(em, {
        name: 'Claire Dubois',
        referenceNumber: 'E2E-CLAIRE',
        country: Country.BE,
        zipcode: '1000',
        phone: '0470 99 88 77',
        createdAt: CREATED,
        appointment: new Date('2026-11-24T13:00:00+01:00'),
      });
      adminToken = appTokens(app).signAdmin(await createAdmin(em));
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A phone: Pixel 5 emulation (touch, mobile user agent) at 375 px wide. */
  const phone = async (): Promise<{ page: Page; context: BrowserContext }> => {
    const context = await browser.browser.newContext({
      ...devices['Pixel 5'],
      viewport: { width: 375, height: 740 },
      acceptDownloads: true,
    });
    return { page: await context.newPage(), context };
  };

  const downloadCalendar = async (page: Page, button: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    const path = await download.path();
    return { fileName: download.suggestedFilename(), content: readFileSync(path, 'utf8') };
  };

  it('NL on a phone: add to calendar downloads exactly the window; one tap and a note reply', async () => {
    const { page, context } = await phone();
    await page.goto(`http://${DUTCH_NL}:${app.port}/`);
    await page.getByLabel('Postcode').fill('1234AB');
    await page.getByLabel('Huisnummer').fill('12');
    await page.getByRole('button', { name: 'Tijdvak ophalen' }).tap();
    await page.waitForURL('**/details');
    await page.getByText('tussen 8.00 en 11.00 uur').waitFor();

    const file = await downloadCalendar(page, 'Zet in mijn agenda');
    expect(file.fileName).toBe('afspraak-E2E-ANNA.ics');
    const event = parseVisitCalendar(file.content);
    expect(event).toMatchObject({
      startZone: 'UTC',
      endZone: 'UTC',
      summary: 'Bezoek monteur tussen 8.00 en 11.00 uur',
    });
    expect(event.start.toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(event.description).toContain('088 123 45 67');
    await page.getByText('De afspraak is gedownload.').waitFor();

    const atHome = page.getByRole('button', { name: 'Ik ben thuis' });
    await atHome.tap();
    await page.getByText('Bedankt! De monteur weet dat u thuis bent.').waitFor();
    expect(await atHome.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Ik kan niet, bel mij' }).getAttribute('aria-pressed')).toBe('false');

    await page.getByLabel('Notitie voor de monteur').fill(NOTE);
    expect(await page.getByText(`Nog ${300 - NOTE.length} tekens`).count()).toBe(1);
    await page.getByRole('button', { name: 'Notitie opslaan' }).tap();
    await page.getByText('Uw notitie is doorgegeven aan de monteur.').waitFor();
    // usable at 375 px: nothing sticks out sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'consumer-reply-phone');

    // after a reload the page shows what was saved, the note as typed
    await page.reload();
    await page.getByRole('button', { name: 'Ik ben thuis' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ik ben thuis' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Notitie voor de monteur').inputValue()).toBe(NOTE);
    await context.close();
  });

  it('FR on the French site: the calendar file is in French with the Belgian number', async () => {
    const { page, context } = await phone();
    await page.goto(`http://${FRENCH_BE}:${app.port}/`);
    await page.getByLabel('Numéro de téléphone').fill('0470 99 88 77');
    await page.getByRole('button', { name: 'Afficher la plage horaire' }).tap();
    await page.waitForURL('**/details');
    const file = await downloadCalendar(page, 'Ajouter à mon agenda');
    expect(file.fileName).toBe('rendez-vous-E2E-CLAIRE.ics');
    const event = parseVisitCalendar(file.content);
    expect(event.language).toBe('fr');
    expect(event.summary).toBe('Visite du technicien entre 13\u00a0h et 16\u00a0h');
    expect(event.description).toContain('078 12 34 56');
    expect(event.start.toISOString()).toBe('2026-11-24T12:00:00.000Z');

    // Asked after the office closed (19:00): it calls on the visit's day from opening, not the technician ahead.
    await page.getByRole('button', { name: 'Je ne peux pas, appelez-moi' }).tap();
    await page
      .getByText(
        'Vous avez demandé à être appelé\u00a0: notre service clientèle vous appelle le mardi 24 novembre à partir de 8\u00a0h pour déplacer la visite.',
      )
      .waitFor();
    expect(await page.getByText('Le technicien vous appelle 30 minutes avant son arrivée.').count()).toBe(0);
    await context.close();
  });

  it('the technician sees the marker and the note as text in the planner', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { accessToken: appTokens(app).signTechnician(technician) }, '/technician/manage');
    const anna = page.locator('.planner-item', { hasText: 'Anna Jansen' });
    await anna.getByText('Klant is thuis').waitFor();
    expect(await anna.locator('.planner-note').innerText()).toBe(`Notitie van de klant: ${NOTE}`);
    expect(await anna.locator('.planner-note b').count()).toBe(0);
    expect(await page.locator('.planner-item', { hasText: 'Bram de Boer' }).locator('.planner-reply').count()).toBe(0);
    await saveScreenshot(page, 'planner-consumer-reply');
    await context.close();
  });

  it('the admin sees informed? on the order, and the call list from the console navigation', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { adminToken }, '/admin/main');
    await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Bellijst' }).click();
    await page.waitForURL('**/admin/call-list');
    await page.getByRole('heading', { name: 'Bellijst' }).waitFor();
    const rows = page.locator('.call-list tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Bram de Boer');
    expect(await page.locator('.call-list-summary').innerText()).toMatch(
      /^Dinsdag 24 november 2026: 1 van 2 klanten hebben hun tijdvak niet bekeken tussen 13\.30 en 19\.\d\d uur\.$/,
    );
    // before 13:30 nobody could have seen it: both are on the list
    await page.getByLabel('Bekeken vóór').fill('13:00');
    await page.getByRole('button', { name: 'Toon' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator('.call-list-summary').innerText()).toBe(
      'Dinsdag 24 november 2026: de tijdvakken zijn pas te zien vanaf 13.30 uur, dus alle 2 klanten staan op de lijst.',
    );
    await saveScreenshot(page, 'admin-call-list');

    await page.goto(`${app.url}/admin/appointment/manage`);
    await page.getByLabel('Referentienummer').fill('E2E-ANNA');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    const informed = page.locator('.order-informed');
    await informed.waitFor();
    const text = await informed.innerText();
    expect(text).toContain('Geïnformeerd?');
    expect(text).toMatch(/Tijdvak gezien\s+Ja, op 23-11-2026 19\.\d\d/i);
    expect(text).toMatch(/Antwoord klant\s+Ik ben thuis \(op 23-11-2026 19\.\d\d\)/i);
    expect(text).toContain(NOTE);
    await context.close();
  });
});
