import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../server/audit/order-event.entity.js';
import { ConsumerReply, VisitAnswer } from '../../server/replies/consumer-reply.entity.js';
import { ScheduleConfirmation } from '../../server/schedule/schedule-confirmation.entity.js';
import { Country } from '../../server/common/locale.js';
import { instantOf } from '../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { resetLinkOf, waitForMail } from '../utils/outbox.js';
import { clockTimesSince } from './utils/arrival.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

/** Monday 23 November 2026, 09:00 in Amsterdam and Brussels: today's visits are under way. */
const NOW = '2026-11-23T09:00:00+01:00';
const TODAY = '2026-11-23';
const at = (hour: number, zone = 'Europe/Amsterdam') => instantOf(TODAY, hour, 0, zone);
const PHONE = { width: 390, height: 844 };

describe("technician's day on a phone (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  let appStartedAt = 0;
  /** The status after "in N minutes", at one of the times the tap may give (see clockTimesSince). */
  const arrivalAbout = (prefix: string, minutes: number, suffix = '', language: 'nl' | 'fr' = 'nl') =>
    new RegExp(`^${prefix} (${clockTimesSince(appStartedAt, minutes, language).join('|')})${suffix}$`);

  beforeAll(async () => {
    appStartedAt = Date.now();
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Anna at 10:00 (a mobile number written with dashes), Bert at 13:00 (an external partner's), Carla at 16:00. */
  const arrangeToday = (firstname: string, country = Country.NL, account: { email?: string; password?: string } = {}) =>
    withDatabase(app, async (em) => {
      const zone = country === Country.BE ? 'Europe/Brussels' : 'Europe/Amsterdam';
      const technician = await createTechnician(em, { firstname, lastname: 'Verbeek', country, ...account });
      const common = { technician, country, city: country === Country.BE ? 'Bruxelles' : 'Utrecht' };
      const anna = await createOrder(em, {
        ...common,
        appointment: at(10, zone),
        name: 'Anna Jansen',
        phone: '06-12 34 56 78',
        zipcode: country === Country.BE ? '1000' : '3511 CD',
        houseNumber: '6',
      });
      const bert = await createOrder(em, {
        ...common,
        appointment: at(13, zone),
        name: 'Bert Bakker',
        externalCompany: 0,
      });
      const carla = await createOrder(em, { ...common, appointment: at(16, zone), name: 'Carla de Boer' });
      return { technician, anna, bert, carla };
    });

  // By the card's heading: a refusal on another card may name this customer.
  const card = (page: Page, name: string) =>
    page.locator('li.visit-card').filter({ has: page.locator('h2', { hasText: name }) });
  const statusOf = (page: Page, name: string) => card(page, name).locator('[data-status]');
  const stageInDatabase = (orderId: number) =>
    withDatabase(app, async (em) => {
      const rows = await em.execute<{ stage: string | null; outcome: string | null; note: string | null }[]>(
        'select stage, outcome, note from visit_statuses where order_id = ?',
        [orderId],
      );
      const events = await em.find(OrderEvent, { order: orderId }, { orderBy: { id: 'asc' } });
      return { status: rows[0] ?? null, kinds: events.map((event) => event.kind) };
    });

  it('walks a visit through Onderweg, Aangekomen and Afgerond, with working call and route links', async () => {
    const { technician, anna, bert } = await arrangeToday('Jan');
    const { page, context } = await browser.newPage({ viewport: PHONE });
    await openWithStorage(page, app, { accessToken: appTokens(app).signTechnician(technician) }, '/technician/today');
    await page.getByRole('heading', { level: 1, name: 'Vandaag' }).waitFor();
    expect(await page.getByRole('link', { name: 'Vandaag' }).getAttribute('aria-current')).toBe('page');

    // The order card: the number opens the dialler, the address the phone's map app.
    const call = card(page, 'Anna Jansen').getByRole('link', { name: /^06 12 34 56 78/ });
    expect(await call.getAttribute('href')).toBe('tel:+31612345678');
    const route = card(page, 'Anna Jansen').getByRole('link', { name: /^3511 CD 6, Utrecht/ });
    expect(await route.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=3511%20CD%206%2C%20Utrecht%2C%20Nederland',
    );
    expect(await card(page, 'Bert Bakker').textContent()).toContain('Extern: ServicePartner A');
    expect(await card(page, 'Anna Jansen').textContent()).toContain('Volgende');
    expect(await statusOf(page, 'Anna Jansen').textContent()).toBe('Gepland');

    await card(page, 'Anna Jansen').getByRole('button', { name: 'Onderweg' }).click();
    await card(page, 'Anna Jansen').getByRole('button', { name: 'Over 30 min' }).click();
    await expect
      .poll(() => statusOf(page, 'Anna Jansen').textContent())
      .toMatch(arrivalAbout('Onderweg — verwachte aankomst', 30));

    // One technician is on the way to one visit at a time: the server says so in the technician's words.
    await card(page, 'Bert Bakker').getByRole('button', { name: 'Onderweg' }).click();
    await card(page, 'Bert Bakker').getByRole('button', { name: 'Over 15 min' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /onderweg/i })
      .waitFor();
    await expect.poll(() => statusOf(page, 'Bert Bakker').textContent()).toBe('Gepland');

    await card(page, 'Anna Jansen').getByRole('button', { name: 'Aangekomen' }).click();
    await expect.poll(() => statusOf(page, 'Anna Jansen').textContent()).toBe('Aangekomen om 9.00');
    await card(page, 'Anna Jansen').getByRole('button', { name: 'Afgerond' }).click();
    await card(page, 'Anna Jansen').getByRole('button', { name: 'Opslaan' }).click();
    await card(page, 'Anna Jansen').getByText('Kies hoe het bezoek is afgelopen.').waitFor();
    await card(page, 'Anna Jansen').getByLabel('Gerepareerd').check();
    await card(page, 'Anna Jansen').getByLabel('Notitie (niet verplicht)').fill('Pomp vervangen');
    await card(page, 'Anna Jansen').getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => statusOf(page, 'Anna Jansen').textContent()).toBe('Afgerond om 9.00: Gerepareerd');
    expect(await card(page, 'Bert Bakker').textContent()).toContain('Volgende');
    // The finished visit folds into the line at the end; it opens to show it.
    await page.getByRole('button', { name: '1 van 3 afgerond' }).click();
    expect(await stageInDatabase(anna.id)).toEqual({
      status: { stage: 'FINISHED', outcome: 'REPAIRED', note: 'Pomp vervangen' },
      kinds: ['VISIT_ON_THE_WAY', 'VISIT_ARRIVED', 'VISIT_FINISHED'],
    });
    expect((await stageInDatabase(bert.id)).status).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'technician-today-walked');

    // A mis-tap is corrected once.
    await card(page, 'Anna Jansen').getByRole('button', { name: 'Corrigeren' }).click();
    await expect.poll(() => statusOf(page, 'Anna Jansen').textContent()).toBe('Aangekomen om 9.00');
    expect(await card(page, 'Anna Jansen').getByRole('button', { name: 'Corrigeren' }).count()).toBe(0);
    expect((await stageInDatabase(anna.id)).status?.stage).toBe('ARRIVED');
    await context.close();

    // The dispatcher sees the status on the order's page, in the technician's words, with the step in the history.
    const admin = await withDatabase(app, (em) => createAdmin(em));
    const office = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openWithStorage(
      office.page,
      app,
      { adminToken: appTokens(app).signAdmin(admin) },
      `/admin/appointment/manage?reference=${encodeURIComponent(anna.referenceNumber)}`,
    );
    await office.page.getByText('Aangekomen om 9.00').first().waitFor();
    await office.page.getByText('Monteur onderweg').first().waitFor();
    await saveScreenshot(office.page, 'admin-order-visit-status');
    await office.context.close();
  });

  it('names a customer who asked to be called before the technician sets out, in Dutch and French', async () => {
    for (const [firstname, country, path, onTheWay, warning] of [
      [
        'Kim',
        Country.NL,
        '/technician/today',
        'Onderweg',
        'Deze klant vroeg om gebeld te worden: bel eerst, voordat u vertrekt.',
      ],
      [
        'Léa',
        Country.BE,
        '/technician/today?country=BE&lang=fr',
        'En route',
        'Ce client a demandé à être appelé\u00a0: appelez-le avant de partir.',
      ],
    ] as const) {
      const { technician, carla } = await arrangeToday(firstname, country);
      await withDatabase(app, async (em) => {
        const repliedAt = new Date(NOW);
        em.create(ConsumerReply, {
          order: carla.id,
          answer: VisitAnswer.CALL_ME,
          createdAt: repliedAt,
          updatedAt: repliedAt,
        });
        await em.flush();
      });
      const { page, context } = await browser.newPage({ viewport: PHONE });
      await openWithStorage(page, app, { accessToken: appTokens(app).signTechnician(technician) }, path);
      await card(page, 'Carla de Boer').getByRole('button', { name: onTheWay }).click();
      const question = card(page, 'Carla de Boer').getByRole('group');
      await question.getByText(warning).waitFor();
      // Said when the question takes the focus, not only shown.
      expect(await question.getAttribute('aria-describedby')).toBe(
        await question.getByText(warning).getAttribute('id'),
      );
      await expectNoAxeViolations(page, `technician-call-first-${country}`);
      // Anna did not ask: her question has no warning.
      await page.keyboard.press('Escape');
      await card(page, 'Anna Jansen').getByRole('button', { name: onTheWay }).click();
      await card(page, 'Anna Jansen').getByRole('group').waitFor();
      expect(await card(page, 'Anna Jansen').getByText(warning).count()).toBe(0);
      await context.close();
    }
  });

  it('speaks French on the French site', async () => {
    const { technician, anna } = await arrangeToday('Luc', Country.BE);
    const { page, context } = await browser.newPage({ viewport: PHONE });
    await openWithStorage(
      page,
      app,
      { accessToken: appTokens(app).signTechnician(technician) },
      '/technician/today?country=BE&lang=fr',
    );
    await page.getByRole('heading', { level: 1, name: "Aujourd'hui" }).waitFor();
    expect(
      await card(page, 'Anna Jansen')
        .getByRole('link', { name: /^1000 6, Bruxelles/ })
        .getAttribute('href'),
    ).toContain('Bruxelles%2C%20Belgi%C3%AB');
    expect(await card(page, 'Bert Bakker').textContent()).toContain('Externe\u00a0: ServicePartner A');
    // Not a Belgian number: shown as typed, dialled by its digits, so the technician can still try it.
    expect(
      await card(page, 'Anna Jansen')
        .getByRole('link', { name: /^06-12 34 56 78/ })
        .getAttribute('href'),
    ).toBe('tel:0612345678');
    await card(page, 'Anna Jansen').getByRole('button', { name: 'En route' }).click();
    await card(page, 'Anna Jansen').getByRole('button', { name: 'Dans 15 min' }).click();
    await expect
      .poll(() => statusOf(page, 'Anna Jansen').textContent())
      .toMatch(arrivalAbout('En route — arrivée prévue', 15, '', 'fr'));
    expect((await stageInDatabase(anna.id)).status?.stage).toBe('ON_THE_WAY');
    await saveScreenshot(page, 'technician-today-fr');

    // Corrections in a loop are bounded; the card says from when it works again.
    const bert = card(page, 'Bert Bakker');
    for (let round = 1; round <= 6; round++) {
      await bert.getByRole('button', { name: 'Arrivé', exact: true }).click();
      await expect.poll(() => statusOf(page, 'Bert Bakker').textContent()).toMatch(/^Arrivé à/);
      await bert.getByRole('button', { name: 'Corriger' }).click();
      if (round < 6) await expect.poll(() => statusOf(page, 'Bert Bakker').textContent()).toBe('Planifiée');
    }
    await bert
      .getByRole('alert')
      .filter({
        hasText:
          /^Cette visite a été corrigée trop souvent de suite\. Vous pourrez corriger à nouveau à partir de \d{1,2}\u00a0h(\u00a0\d\d)?\.$/,
      })
      .waitFor();
    await expect.poll(() => statusOf(page, 'Bert Bakker').textContent()).toMatch(/^Arrivé à/);
    await saveScreenshot(page, 'technician-today-too-many-corrections-fr');
    await context.close();
  });

  it('shows a confirmed day as confirmed after a reload, on a phone, in French', async () => {
    const { technician } = await arrangeToday('Marc', Country.BE);
    await withDatabase(app, async (em) => {
      await createOrder(em, {
        technician,
        country: Country.BE,
        zipcode: '1000',
        appointment: instantOf('2026-11-24', 10, 0, 'Europe/Brussels'),
        name: 'Denis Martin',
      });
      em.create(ScheduleConfirmation, { technician, date: '2026-11-24', confirmedAt: new Date(NOW) });
      await em.flush();
    });
    const { page, context } = await browser.newPage({ viewport: PHONE });
    await openWithStorage(
      page,
      app,
      { accessToken: appTokens(app).signTechnician(technician) },
      '/technician/manage?country=BE&lang=fr',
    );
    const banner = page.getByText('Confirmé le 23 novembre 2026 à 9\u00a0h — verrouillé');
    await banner.waitFor();
    await page.reload();
    await banner.waitFor();
    expect(await page.locator('select').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Confirmer les missions' }).count()).toBe(0);
    expect(await page.locator('li.planner-item [data-start]').first().textContent()).toBe('10\u00a0h');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'technician-planner-confirmed-fr-phone');
    await context.close();
  });

  it('tells an admin working as the technician who is acting, with a way back', async () => {
    const { technician } = await arrangeToday('Fatima');
    const admin = await withDatabase(app, (em) => createAdmin(em, { firstname: 'Demo', lastname: 'Beheer' }));
    const tokens = appTokens(app);
    const adminToken = tokens.signAdmin(admin);
    const { page, context } = await browser.newPage({ viewport: PHONE });
    await openWithStorage(
      page,
      app,
      { accessToken: tokens.signTechnician(technician, admin), adminToken },
      '/technician/manage',
    );
    await page.getByRole('heading', { level: 1, name: /Fatima/ }).waitFor();
    await page.getByRole('link', { name: 'Vandaag' }).click();
    await card(page, 'Anna Jansen').waitFor();
    expect(await technicianKeys(page)).toEqual([
      `tijdvak.technician.${technician.id}.planner`,
      `tijdvak.technician.${technician.id}.today`,
    ]);
    const bar = page.getByRole('region', { name: 'Werken als monteur' });
    await bar.getByText('U werkt als Fatima Verbeek — beheerder Demo Beheer').waitFor();
    await saveScreenshot(page, 'technician-acting-as');
    await bar.getByRole('button', { name: 'Terug naar beheer' }).click();
    await page.waitForURL('**/admin/technicians');
    // Only the technician's session ends, with the copies of the day: the admin is still signed in.
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('adminToken')]),
    ).toEqual([null, adminToken]);
    expect(await technicianKeys(page)).toEqual([]);
    await context.close();
  });

  it('opens in a dead spot from the last copy; a tap waits and is sent when the network returns', async () => {
    const { technician, carla } = await arrangeToday('Piet');
    const { page, context } = await browser.newPage({ viewport: PHONE });
    await openWithStorage(page, app, { accessToken: appTokens(app).signTechnician(technician) }, '/technician/manage');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Vandaag' }).click();
    await card(page, 'Carla de Boer').waitFor();
    await waitForOfflineCopy(page);

    await goOffline(context, true);
    await page.reload();
    await page.getByText(/^Offline — bijgewerkt om \d{1,2}\.\d\d$/).waitFor();
    expect(await statusOf(page, 'Carla de Boer').textContent()).toBe('Gepland');

    await card(page, 'Carla de Boer').getByRole('button', { name: 'Onderweg' }).click();
    await card(page, 'Carla de Boer').getByRole('button', { name: 'Over 45 min' }).click();
    await expect
      .poll(() => statusOf(page, 'Carla de Boer').textContent())
      .toMatch(arrivalAbout('Onderweg — verwachte aankomst', 45, ' — wacht op verbinding'));
    const expectedArrival = (await statusOf(page, 'Carla de Boer').textContent())?.match(/\d{1,2}\.\d\d/)?.[0];
    await page.getByText('Nog niet verzonden: 1.', { exact: false }).waitFor();
    expect((await stageInDatabase(carla.id)).status).toBeNull();

    // The planner opens too, read-only.
    await page.getByRole('link', { name: 'Planning' }).click();
    await page.getByText(/^Offline — bijgewerkt om/).waitFor();
    expect(await page.getByRole('button', { name: 'Opdrachten bevestigen' }).count()).toBe(0);
    await saveScreenshot(page, 'technician-offline-planner');

    await page.getByRole('link', { name: 'Vandaag' }).click();
    await goOffline(context, false);
    await expect
      .poll(() => statusOf(page, 'Carla de Boer').textContent(), { timeout: 20_000 })
      .toBe(`Onderweg — verwachte aankomst ${expectedArrival}`);
    expect(await page.getByText('Nog niet verzonden', { exact: false }).count()).toBe(0);
    expect(await stageInDatabase(carla.id)).toEqual({
      status: { stage: 'ON_THE_WAY', outcome: null, note: null },
      kinds: ['VISIT_ON_THE_WAY'],
    });
    await context.close();
  });

  it('keeps a tap made offline through a new password and sends it after the same technician signs in again', async () => {
    const password = 'piet-geheim';
    const email = `piet-${Date.now()}@example.test`;
    const { technician, carla } = await arrangeToday('Piet', Country.NL, { email, password });
    const other = await withDatabase(app, (em) =>
      createTechnician(em, { firstname: 'Bas', email: `bas-${Date.now()}@example.test`, password: 'bas-geheim' }),
    );
    const { page, context } = await browser.newPage({ viewport: PHONE });
    const codes: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/graphql')) {
        void response.text().then(
          (text) => codes.push(...(text.match(/"code":"[A-Z_]+"/g) ?? [])),
          () => undefined,
        );
      }
    });
    await openWithStorage(page, app, { accessToken: appTokens(app).signTechnician(technician) }, '/technician/today');
    await card(page, 'Carla de Boer').waitFor();

    await goOffline(context, true);
    await card(page, 'Carla de Boer').getByRole('button', { name: 'Onderweg' }).click();
    await card(page, 'Carla de Boer').getByRole('button', { name: 'Over 45 min' }).click();
    await expect.poll(() => statusOf(page, 'Carla de Boer').textContent()).toMatch(/— wacht op verbinding$/);

    // Meanwhile the password is reset through the mailed link: every session of the technician ends.
    const forgot = await graphqlCall(
      'mutation ($input: PasswordResetRequestInput!) { requestTechnicianPasswordReset(input: $input) { message } }',
      { input: { email } },
    );
    expect(forgot.errors).toBeUndefined();
    const { token } = resetLinkOf(await waitForMail(app.dataDir, email));
    const newPassword = 'piet-nieuw-geheim';
    const reset = await graphqlCall(
      'mutation ($input: NewPasswordInput!) { resetTechnicianPassword(input: $input) { message } }',
      { input: { token, password: newPassword } },
    );
    expect(reset.errors).toBeUndefined();

    // Back online: the server refuses the old session, the tap stays on the phone and the sign-in page says so.
    await goOffline(context, false);
    await page.waitForURL('**/technician/login', { timeout: 20_000 });
    await page
      .getByText('Uw sessie is afgelopen, bijvoorbeeld door een nieuw wachtwoord. Nog niet verzonden: 1.', {
        exact: false,
      })
      .waitFor();
    expect(codes).toContain('"code":"UNAUTHENTICATED"');
    expect((await stageInDatabase(carla.id)).status).toBeNull();
    await saveScreenshot(page, 'technician-session-ended-waiting');

    // Another technician on this phone neither sees nor sends the tap.
    await signIn(page, other.email, 'bas-geheim');
    await page.waitForURL('**/technician/manage');
    await page.getByRole('link', { name: 'Vandaag' }).click();
    await page.getByText('Vandaag geen bezoeken.').waitFor();
    expect(await page.getByText('Nog niet verzonden', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL('**/technician/login');
    expect((await stageInDatabase(carla.id)).status).toBeNull();

    // The same technician signs in again: the day opens and the tap goes.
    await signIn(page, email, newPassword);
    await page.waitForURL('**/technician/today');
    await expect
      .poll(() => statusOf(page, 'Carla de Boer').textContent(), { timeout: 20_000 })
      .toMatch(/^Onderweg — verwachte aankomst \d{1,2}\.\d\d$/);
    expect(await stageInDatabase(carla.id)).toEqual({
      status: { stage: 'ON_THE_WAY', outcome: null, note: null },
      kinds: ['VISIT_ON_THE_WAY'],
    });
    await context.close();
  });

  it("does not show a copy past the end of its day, nor past the session's expiry", async () => {
    const { technician } = await arrangeToday('Kees');
    // A token valid for days: only the end of the copy's day can hide it.
    const longToken = appTokens(app, 3 * 24 * 3600).signTechnician(technician);
    const first = await browser.newPage({ viewport: PHONE });
    await openWithStorage(first.page, app, { accessToken: longToken }, '/technician/today');
    await card(first.page, 'Carla de Boer').waitFor();
    await waitForOfflineCopy(first.page);
    await goOffline(first.context, true);
    // The phone stays in a dead spot until after midnight.
    await first.page.clock.setFixedTime(Date.now() + 16 * 3600_000);
    await first.page.reload();
    // Polled from here: the page's own timers run on the phone's (shifted) clock.
    await expect
      .poll(() => first.page.evaluate(() => document.body.innerText), { timeout: 20_000 })
      .toContain('Geen verbinding. De kopie op deze telefoon is verlopen');
    expect(await first.page.locator('li.visit-card').count()).toBe(0);
    // Of the copy only the word that it expired is left.
    expect(
      await first.page.evaluate((key) => localStorage.getItem(key), `tijdvak.technician.${technician.id}.today`),
    ).toBe('{"expired":true}');
    await first.context.close();

    // A token of 12 hours: the same day, later than the session's end.
    const second = await browser.newPage({ viewport: PHONE });
    await openWithStorage(
      second.page,
      app,
      { accessToken: appTokens(app).signTechnician(technician) },
      '/technician/today',
    );
    await card(second.page, 'Carla de Boer').waitFor();
    await waitForOfflineCopy(second.page);
    await goOffline(second.context, true);
    await second.page.reload();
    await card(second.page, 'Carla de Boer').waitFor();
    await second.page.clock.setFixedTime(Date.now() + 12 * 3600_000 + 5 * 60_000);
    await second.page.reload();
    // Polled from here: the page's own timers run on the phone's (shifted) clock.
    await expect
      .poll(() => second.page.evaluate(() => document.body.innerText), { timeout: 20_000 })
      .toContain('Geen verbinding. De kopie op deze telefoon is verlopen');
    expect(await second.page.locator('li.visit-card').count()).toBe(0);
    await second.context.close();
  });

  /** A GraphQL call from outside the browser, as another device would make it. */
  const graphqlCall = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { errors?: unknown[] };
  };

  const signIn = async (page: Page, email: string, password: string) => {
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill(password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  };
});

/** Waits until the service worker runs and holds the page and the files it loaded. */
async function waitForOfflineCopy(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('tijdvak-technician-v1');
        const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
        return paths.includes('/technician/manage') && paths.some((path) => path.startsWith('/assets/'));
      }),
    )
    .toBe(true);
}

/** What the technician area keeps in local storage, sorted. */
async function technicianKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tijdvak.technician.'))
      .sort(),
  );
}

async function goOffline(context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
}
