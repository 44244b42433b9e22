import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { Order } from '../../server/orders/order.entity.js';
import { createOrder } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

/** Dutch site in the Netherlands, and the French site in Belgium (first label `rendezvous`). */
const DUTCH_NL = 'afspraak.nl.example';
const FRENCH_BE = 'rendezvous.be.example';
/** The French site in the Netherlands: looked up by address, in French. */
const FRENCH_NL = 'rendezvous.nl.example';

describe('consumer area (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let deletable: Order;

  beforeAll(async () => {
    // Monday 23 November 2026, 14:00: Tuesday's windows are shown, Thursday's are still being prepared.
    app = await startAppProcess({
      CLOCK_NOW: '2026-11-23T14:00:00+01:00',
      RATE_LIMIT_LOOKUP_PER_CLIENT: '500/900',
    });
    await withDatabase(app, async (em) => {
      await createOrder(em, {
        name: 'Anna Jansen',
        referenceNumber: 'NL-2026-0001',
        zipcode: '1234 AB',
        houseNumber: '12',
        appointment: new Date('2026-11-24T08:00:00+01:00'),
      });
      await createOrder(em, {
        name: 'Anna Jansen',
        referenceNumber: 'NL-2026-0002',
        zipcode: '1234 AB',
        houseNumber: '12',
        appointment: new Date('2026-11-24T14:00:00+01:00'),
      });
      await createOrder(em, {
        zipcode: '5678 CD',
        houseNumber: '3',
        appointment: new Date('2026-11-26T09:00:00+01:00'),
      });
      await createOrder(em, {
        name: 'Marie Lambert',
        referenceNumber: 'BE-2026-0001',
        country: Country.BE,
        zipcode: '1000',
        phone: '+32 470 12 34 56',
        appointment: new Date('2026-11-24T13:00:00+01:00'),
      });
      await createOrder(em, {
        country: Country.BE,
        zipcode: '2000',
        phone: '0471 23 45 67',
        externalCompany: 1,
        appointment: new Date('2026-11-24T09:00:00+01:00'),
      });
      await createOrder(em, {
        country: Country.BE,
        zipcode: '4000',
        phone: '0472 34 56 78',
        appointment: new Date('2026-11-26T09:00:00+01:00'),
      });
      // Number 5 has visits at 5a and 5-2 only.
      for (const houseNumberAddition of ['a', '2']) {
        await createOrder(em, {
          name: `Bewoner 5 ${houseNumberAddition}`,
          zipcode: '2468 EF',
          houseNumber: '5',
          houseNumberAddition,
          appointment: new Date('2026-11-24T10:00:00+01:00'),
        });
      }
      deletable = await createOrder(em, {
        zipcode: '9999 AA',
        houseNumber: '1',
        appointment: new Date('2026-11-24T11:00:00+01:00'),
      });
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const open = async (host: string, path = '/', viewport?: { width: number; height: number }) => {
    const { page, context } = await browser.newPage({ viewport });
    await page.goto(`http://${host}:${app.port}${path}`);
    return { page, context };
  };
  const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }));
  const lookUpNl = async (page: Page, zipcode: string, houseNumber: string) => {
    await page.getByLabel('Postcode').fill(zipcode);
    await page.getByLabel('Huisnummer').fill(houseNumber);
    await page.getByLabel('Huisnummer').press('Enter');
  };

  it('NL: postcode and house number, Enter, to the details of both visits in Dutch; screenshot', async () => {
    const { page, context } = await open(DUTCH_NL);
    await page.waitForURL('**/index');
    expect(await page.locator('h1').textContent()).toBe('Wanneer komt de monteur?');
    await expect.poll(() => page.locator('.consumer-intro').textContent()).toContain('13.30');
    await lookUpNl(page, '1234 ab', ' 12 ');
    await page.waitForURL('**/details');
    const details = page.locator('#main');
    await details.getByText('Beste Anna Jansen,').waitFor();
    const text = await details.innerText();
    expect(text).toContain('De monteur komt bij u langs op deze momenten:');
    expect(text).toMatch(/Dinsdag 24 november 2026\s+tussen 8.00 en 11.00 uur/i);
    expect(text).toMatch(/Dinsdag 24 november 2026\s+tussen 14.00 en 17.00 uur/i);
    expect(text).toContain('Referentie NL-2026-0001');
    expect(text).toContain('aankoopbewijs of afleverbon');
    expect(text).toContain('van 8.00 tot 18.00 uur op 088 123 45 67');
    expect(await page.getByRole('link', { name: 'Reparatietarieven' }).getAttribute('href')).toBe(
      'https://www.tijdvak.example/nl/reparatietarieven',
    );
    expect(await page.getByRole('link', { name: 'Betaalmogelijkheden' }).getAttribute('href')).toBe(
      'https://www.tijdvak.example/nl/betaalmogelijkheden',
    );
    // the answer has focus, so screen readers start there
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Beste Anna Jansen,');
    expect((await storage(page)).dataToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await saveScreenshot(page, 'consumer-details-nl');
    await context.close();
  });

  it('BE on rendezvous.be.<host>: phone number only, French texts, Belgian number and links', async () => {
    const { page, context } = await open(FRENCH_BE);
    await page.waitForURL('**/index');
    expect(await page.locator('h1').textContent()).toBe('Quand le technicien passe-t-il\u00a0?');
    expect(await page.getByLabel('Code postal').count()).toBe(0);
    await page.getByLabel('Numéro de téléphone').fill('0470/12.34.56');
    await page.getByRole('button', { name: 'Afficher la plage horaire' }).click();
    await page.waitForURL('**/details');
    const details = page.locator('#main');
    await details.getByText('Bonjour Marie Lambert,').waitFor();
    const text = await details.innerText();
    expect(text).toContain('Le technicien passera chez vous le\u00a0:');
    expect(text).toMatch(/Mardi 24 novembre 2026\s+entre 13\u00a0h et 16\u00a0h/i);
    expect(text).toContain('de 8\u00a0h à 18\u00a0h au 078 12 34 56');
    expect(text).toContain("preuve d'achat");
    expect(await page.getByRole('link', { name: 'Tarifs de réparation' }).getAttribute('href')).toBe(
      'https://www.tijdvak.example/be-fr/tarifs-de-reparation',
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await saveScreenshot(page, 'consumer-details-be-fr');
    await context.close();
  });

  it('before 13:30 on the day before, a lookup opens the details: the day and when the window appears', async () => {
    const { page, context } = await open(DUTCH_NL);
    await lookUpNl(page, '5678CD', '3');
    await page.waitForURL('**/details');
    await page.getByText('Het tijdvak verschijnt hier vanaf woensdag 25 november 13.30 uur.').waitFor();
    expect(await page.locator('#main').innerText()).toMatch(/Donderdag 26 november 2026/i);
    expect((await storage(page)).dataToken).toBeTruthy();
    await context.close();

    const french = await open(FRENCH_BE);
    await french.page.getByLabel('Numéro de téléphone').fill('+32 472 34 56 78');
    await french.page.getByLabel('Numéro de téléphone').press('Enter');
    await french.page.waitForURL('**/details');
    await french.page
      .getByText('La plage horaire sera affichée ici à partir du mercredi 25 novembre à 13\u00a0h\u00a030.')
      .waitFor();
    await french.context.close();
  });

  it('shows NO_ORDERS_FOUND in an alert and clears nothing', async () => {
    const { page, context } = await open(DUTCH_NL);
    await page.evaluate(() => localStorage.setItem('dataToken', 'an-earlier-token'));
    await lookUpNl(page, '4321 ZZ', '99');
    const alert = page.getByRole('alert').filter({ hasText: 'geen afspraak' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /^Er is op dit adres geen afspraak gevonden\. Dit kan een tijdelijk technisch probleem zijn\..*30 minuten/,
    );
    expect(await alert.getAttribute('aria-live')).toBe('assertive');
    expect((await storage(page)).dataToken).toBe('an-earlier-token');
    await context.close();

    const french = await open(FRENCH_BE);
    await french.page.getByLabel('Numéro de téléphone').fill('0499 00 00 00');
    await french.page.getByLabel('Numéro de téléphone').press('Enter');
    await french.page
      .getByRole('alert')
      .getByText(/^Aucun rendez-vous n'a été trouvé pour ce numéro/)
      .waitFor();
    await french.context.close();
  });

  it('asks for the addition, beside the focused house number, when the visits at the number all have one', async () => {
    for (const [host, labels, asked] of [
      [DUTCH_NL, { zipcode: 'Postcode', houseNumber: 'Huisnummer' }, /^Vul ook de toevoeging van uw huisnummer in/],
      [FRENCH_NL, { zipcode: 'Code postal', houseNumber: 'Numéro de maison' }, /^Indiquez aussi le complément/],
    ] as const) {
      const { page, context } = await open(host, '/', { width: 390, height: 844 });
      await page.getByLabel(labels.zipcode).fill('2468 ef');
      await page.getByLabel(labels.houseNumber).fill('5');
      await page.getByLabel(labels.houseNumber).press('Enter');
      const houseNumber = page.getByLabel(labels.houseNumber);
      await page.getByText(asked).waitFor();
      expect(await houseNumber.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('lookup-houseNumber');
      // Neither visit is shown, and nothing is stored for the page to show.
      expect(page.url()).toMatch(/\/index$/);
      expect((await storage(page)).dataToken).toBeUndefined();
      await expectNoAxeViolations(page, `consumer-addition-asked-${host}`);
      await houseNumber.fill('5 A');
      await houseNumber.press('Enter');
      await page.waitForURL('**/details');
      await page.getByText(/Bewoner 5 a/).waitFor();
      expect(await page.locator('#main').innerText()).not.toContain('Bewoner 5 2');
      await context.close();
    }
  });

  it('marks empty required fields without asking the server, and puts focus on the first', async () => {
    const { page, context } = await open(DUTCH_NL);
    await page.getByLabel('Postcode').waitFor();
    let requests = 0;
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/graphql')) requests += 1;
    });
    await page.getByRole('button', { name: 'Tijdvak ophalen' }).click();
    expect(await page.getByText('Dit veld is verplicht.').count()).toBe(2);
    expect(await page.getByLabel('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lookup-zipcode');
    expect(requests).toBe(0);
    // a malformed postcode gets the server's text beside the field
    await lookUpNl(page, '12', '1');
    await page.getByText(/Een Nederlandse postcode bestaat uit vier cijfers en twee letters/).waitFor();
    await context.close();
  });

  it('sends an external visit to the external page, and a non-external token from external to details', async () => {
    const { page, context } = await open(FRENCH_BE);
    await page.getByLabel('Numéro de téléphone').fill('0471 23 45 67');
    await page.getByLabel('Numéro de téléphone').press('Enter');
    await page.waitForURL('**/external');
    // The company and its number come from the server (consumerContact).
    await page.getByText('notre partenaire ServicePartner B', { exact: false }).waitFor();
    expect(await page.locator('#main').innerText()).toContain('Appelez ServicePartner B au 078 24 68 02');
    await context.close();

    const dutch = await open(DUTCH_NL);
    await lookUpNl(dutch.page, '1234AB', '12');
    await dutch.page.waitForURL('**/details');
    await dutch.page.goto(`http://${DUTCH_NL}:${app.port}/external`);
    await dutch.page.waitForURL('**/details');
    await dutch.context.close();
  });

  it('clears storage and returns to the form when details cannot load', async () => {
    const { page, context } = await open(DUTCH_NL);
    // The page reads its visits again once its live stream is connected: a deletion before that read sends the
    // page to the form on its own (right, but not this test's reload), so the order goes after it.
    let visitReads = 0;
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('query ConsumerVisits')) visitReads++;
    });
    await lookUpNl(page, '9999AA', '1');
    await page.waitForURL('**/details');
    await expect.poll(() => visitReads, { timeout: 10_000 }).toBe(2);
    await page.evaluate(() => localStorage.setItem('somethingElse', 'x'));
    await withDatabase(app, (em) => em.nativeUpdate(Order, { id: deletable.id }, { deletedAt: new Date() }));
    await page.reload();
    await page.waitForURL('**/index');
    await page.getByText('Uw afspraak kon niet worden geladen. Vul uw gegevens opnieuw in.').waitFor();
    expect(await storage(page)).toEqual({});

    // a token the server refuses does the same
    await page.evaluate(() => localStorage.setItem('dataToken', 'not.a.token'));
    await page.goto(`http://${DUTCH_NL}:${app.port}/details`);
    await page.waitForURL('**/index');
    expect(await storage(page)).toEqual({});
    await context.close();
  });

  it('fits a 375 px phone screen', async () => {
    const phone = { width: 375, height: 740 };
    const { page, context } = await open(DUTCH_NL, '/', phone);
    await page.getByLabel('Postcode').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await saveScreenshot(page, 'consumer-index-nl-phone');
    await lookUpNl(page, '1234AB', '12');
    await page.waitForURL('**/details');
    await page.getByText('Beste Anna Jansen,').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await saveScreenshot(page, 'consumer-details-nl-phone');
    await context.close();
  });
});
