import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../shared/zoned-time.js';
import { Order } from '../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

/** Friday morning in Amsterdam: the schedule is Saturday 21 November 2026. */
const NOW = '2026-11-20T09:30:00+01:00';
const DAY = '2026-11-21';
const at = (hour: number) => instantOf(DAY, hour, 0, 'Europe/Amsterdam');
const MANAGE = '/technician/manage';
const PASSWORD = 'monteur-wachtwoord';

describe('technician planner (built app in Chromium)', () => {
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

  /** A technician with Anna at 08:00, Bert at 11:00 and Carla (special) at 14:00 tomorrow. */
  const arrangeDay = (firstname: string) =>
    withDatabase(app, async (em) => {
      const technician = await createTechnician(em, { firstname, password: PASSWORD });
      const orders = [
        await createOrder(em, { technician, appointment: at(8), name: 'Anna Jansen', city: 'Amsterdam' }),
        await createOrder(em, { technician, appointment: at(11), name: 'Bert Bakker', city: 'Utrecht' }),
        await createOrder(em, { technician, appointment: at(14), name: 'Carla de Boer', special: true }),
      ];
      return { technician, orders };
    });

  const item = (page: Page, name: string) => page.locator('li.planner-item', { hasText: name });

  /** Each appointment as the page shows it: "Opdracht <n>: <name> <start>-<end>". */
  const plan = (page: Page) =>
    page.locator('li.planner-item').evaluateAll((items) =>
      items.map((element) => {
        const heading = element.querySelector('h2')?.textContent ?? '';
        // An open day shows the start as a dropdown, a confirmed day as text.
        const select = element.querySelector('select');
        const start = select
          ? select.selectedOptions[0]?.textContent
          : element.querySelector('[data-start]')?.textContent;
        const end = element.querySelector('[data-end]')?.textContent ?? '';
        return `${heading} ${start}-${end}`;
      }),
    );

  const moveButton = (page: Page, name: string, direction: 'up' | 'down') =>
    item(page, name).locator(`button[data-move="${direction}"]`);

  const startsInDatabase = (technician: Technician) =>
    withDatabase(app, async (em) => {
      const orders = await em.find(Order, { technician: technician.id }, { orderBy: { appointment: 'asc' } });
      const confirmations = await em.count(ScheduleConfirmation, { technician: technician.id });
      return { confirmations, starts: orders.map((order) => [order.name, order.appointment.toISOString()]) };
    });

  it('lets a technician shift, sort, reset and confirm the day, which then stays locked', async () => {
    const { technician } = await arrangeDay('Jan');
    const { page, context } = await browser.newPage();
    // Signs in through the login page, as a technician does.
    await page.goto(`${app.url}/technician/login`);
    await page.getByLabel('E-mailadres').fill(technician.email);
    await page.getByLabel('Wachtwoord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.waitForURL(`${app.url}${MANAGE}`);

    await page.getByRole('heading', { level: 1, name: 'Goedemorgen Jan' }).waitFor();
    expect(await page.locator('.planner-date').textContent()).toBe('Uw planning voor zaterdag 21 november 2026');
    expect(await plan(page)).toEqual([
      'Opdracht 1: Anna Jansen 8.00-11.00',
      'Opdracht 2: Bert Bakker 11.00-14.00',
      'Opdracht 3: Carla de Boer 14.00-17.00',
    ]);
    expect(await item(page, 'Carla de Boer').getAttribute('class')).toContain('is-special');
    expect(await item(page, 'Carla de Boer').textContent()).toContain('Speciale opdracht');
    expect(await page.getByRole('button', { name: 'Test' }).count()).toBe(0);
    expect(await page.getByText('Let op: na het klikken op bevestigen').count()).toBe(1);

    // Up with the keyboard; the focus stays on the pressed button.
    await moveButton(page, 'Bert Bakker', 'up').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => plan(page)).toContain('Opdracht 2: Bert Bakker 10.00-13.00');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      '−1 uur: opdracht 2 (Bert Bakker) een uur eerder',
    );
    expect(await moveButton(page, 'Bert Bakker', 'up').textContent()).toBe('−1 uur');
    expect(await moveButton(page, 'Bert Bakker', 'down').textContent()).toBe('+1 uur');
    // Down with the mouse.
    await moveButton(page, 'Anna Jansen', 'down').click();
    await expect.poll(() => plan(page)).toContain('Opdracht 1: Anna Jansen 9.00-12.00');

    // Picking an hour reorders nothing until Sorteer.
    await item(page, 'Carla de Boer').getByLabel('Begintijd').selectOption('7');
    expect(await plan(page)).toEqual([
      'Opdracht 1: Anna Jansen 9.00-12.00',
      'Opdracht 2: Bert Bakker 10.00-13.00',
      'Opdracht 3: Carla de Boer 7.00-10.00',
    ]);
    await page.getByRole('button', { name: 'Sorteer op tijdvak' }).click();
    expect(await plan(page)).toEqual([
      'Opdracht 1: Carla de Boer 7.00-10.00',
      'Opdracht 2: Anna Jansen 9.00-12.00',
      'Opdracht 3: Bert Bakker 10.00-13.00',
    ]);
    expect(await moveButton(page, 'Carla de Boer', 'up').isDisabled()).toBe(true);

    // Up into an hour Anna holds: asked first, then the two swap and the list is sorted again.
    await moveButton(page, 'Bert Bakker', 'up').click();
    await page
      .getByRole('dialog', { name: 'Bert Bakker naar 9.00 verschuiven?' })
      .getByRole('button', { name: 'Beide verschuiven' })
      .click();
    await expect
      .poll(() => plan(page))
      .toEqual([
        'Opdracht 1: Carla de Boer 7.00-10.00',
        'Opdracht 2: Bert Bakker 9.00-12.00',
        'Opdracht 3: Anna Jansen 10.00-13.00',
      ]);

    await page.getByRole('button', { name: 'Tijden herstellen' }).click();
    expect(await plan(page)).toEqual([
      'Opdracht 1: Anna Jansen 8.00-11.00',
      'Opdracht 2: Bert Bakker 11.00-14.00',
      'Opdracht 3: Carla de Boer 14.00-17.00',
    ]);

    // Down stops where the end would pass 22:00; 20:00 from the dropdown is flagged and not sent.
    await item(page, 'Carla de Boer').getByLabel('Begintijd').selectOption('19');
    expect(await moveButton(page, 'Carla de Boer', 'down').isDisabled()).toBe(true);
    await item(page, 'Carla de Boer').getByLabel('Begintijd').selectOption('20');
    expect(await item(page, 'Carla de Boer').textContent()).toContain('Eindigt na 22.00 uur');
    // The browser's own dialog is never used: the question is asked in the page.
    let nativeDialogs = 0;
    page.on('dialog', (dialog) => {
      nativeDialogs++;
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Opdrachten bevestigen' }).click();
    await page.getByText('Opgelet! Bij opdracht 3 ligt de eindtijd na 22.00 uur.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await item(page, 'Carla de Boer').getByLabel('Begintijd').selectOption('16');
    await moveButton(page, 'Anna Jansen', 'down').click();
    await moveButton(page, 'Bert Bakker', 'up').click();
    await page.getByRole('button', { name: 'Opdrachten bevestigen' }).click();
    // It says what it locks: the day, how many orders, from when to when.
    const question = page.getByRole('dialog', { name: 'Planning voor zaterdag 21 november 2026 bevestigen?' });
    await question.waitFor();
    expect(await question.textContent()).toContain(
      'Opdrachten: 3, van 9.00 tot 19.00. Na het bevestigen liggen deze tijden vast',
    );
    // Cancelling changes nothing; the planner is still open.
    await question.getByRole('button', { name: 'Annuleren' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await startsInDatabase(technician)).confirmations).toBe(0);
    await page.getByRole('button', { name: 'Opdrachten bevestigen' }).click();
    await question.getByRole('button', { name: 'Opdrachten bevestigen' }).click();
    await page.getByText('Opdrachten bevestigd').waitFor();
    expect(nativeDialogs).toBe(0);
    // A confirmed day looks confirmed: a banner, times as text, nothing left to change or confirm.
    const banner = 'Bevestigd op 20 november 2026 om 9.30 — vergrendeld';
    await page.getByText(banner).waitFor();
    expect(await page.locator('select').count()).toBe(0);
    expect(await page.getByTestId('planner-summary').textContent()).toBe(
      'Opdrachten: 3 · van 9.00 tot 19.00 · bevestigd',
    );
    for (const name of ['Tijden herstellen', 'Sorteer op tijdvak', 'Opdrachten bevestigen']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByText('Let op: na het klikken op bevestigen').count()).toBe(0);
    expect(await page.locator('button[data-move]').count()).toBe(0);
    expect(await startsInDatabase(technician)).toEqual({
      confirmations: 1,
      starts: [
        ['Anna Jansen', at(9).toISOString()],
        ['Bert Bakker', at(10).toISOString()],
        ['Carla de Boer', at(16).toISOString()],
      ],
    });
    await saveScreenshot(page, 'technician-planner-confirmed');

    await page.reload();
    await page.getByText(banner).waitFor();
    expect(await plan(page)).toEqual([
      'Opdracht 1: Anna Jansen 9.00-12.00',
      'Opdracht 2: Bert Bakker 10.00-13.00',
      'Opdracht 3: Carla de Boer 16.00-19.00',
    ]);
    expect(await page.locator('select').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Opdrachten bevestigen' }).count()).toBe(0);
    await saveScreenshot(page, 'technician-planner-confirmed-reloaded');

    // Signing out is in the menu, not a button above the first order.
    expect(await page.getByRole('button', { name: 'Uitloggen' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL('**/technician/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await context.close();
  });

  it("shows an admin who opened the planner the technician's own controls, no test buttons; it fits a phone", async () => {
    const { technician } = await arrangeDay('Zoë');
    const admin = await withDatabase(app, (em) => createAdmin(em));
    const tokens = appTokens(app);
    const { page, context } = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await openWithStorage(
      page,
      app,
      { accessToken: tokens.signTechnician(technician, admin), adminToken: tokens.signAdmin(admin) },
      MANAGE,
    );
    await page.getByRole('heading', { level: 1, name: 'Goedemorgen Zoë' }).waitFor();
    expect(await page.locator('select:enabled').count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Test' }).count()).toBe(0);
    expect(await page.getByTestId('planner-summary').textContent()).toBe(
      'Opdrachten: 3 · van 8.00 tot 17.00 · nog niet bevestigd',
    );
    // However long the day, the confirm is in view without scrolling, above the tab bar.
    const confirm = await page.getByRole('button', { name: 'Opdrachten bevestigen' }).boundingBox();
    const tabs = await page.getByRole('navigation', { name: 'Mijn dag' }).boundingBox();
    expect(confirm && tabs && confirm.y + confirm.height <= tabs.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'technician-planner-phone');
    await context.close();
  });

  it('keeps the edits when a confirm fails: the generic message offline, the server’s reason when locked', async () => {
    const { technician } = await arrangeDay('Piet');
    // The confirm's failure is made by intercepting it, which a controlling service worker would let pass.
    const { page, context } = await browser.newPage({ serviceWorkers: 'block' });
    await openWithStorage(page, app, { accessToken: appTokens(app).signTechnician(technician) }, MANAGE);
    await item(page, 'Anna Jansen').getByLabel('Begintijd').selectOption('12');
    const confirmInDialog = async () => {
      await page.getByRole('button', { name: 'Opdrachten bevestigen' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Opdrachten bevestigen' }).click();
    };

    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await confirmInDialog();
    await page.getByText('Er is een probleem opgetreden, herlaad de pagina en probeer het opnieuw.').waitFor();
    await page.unroute('**/graphql');
    expect(await plan(page)).toContain('Opdracht 2: Anna Jansen 12.00-15.00');
    expect(await page.getByRole('button', { name: 'Opdrachten bevestigen' }).isDisabled()).toBe(false);

    // Meanwhile the day was confirmed elsewhere (another device).
    await withDatabase(app, async (em) => {
      em.create(ScheduleConfirmation, { technician: technician.id, date: DAY, confirmedAt: new Date() });
      await em.flush();
    });
    await confirmInDialog();
    await page.getByText('Deze planning is al bevestigd en kan niet meer worden gewijzigd.').waitFor();
    await page.getByText('Bevestigd — vergrendeld').waitFor();
    expect(await plan(page)).toContain('Opdracht 2: Anna Jansen 12.00-15.00');
    expect(await page.getByRole('button', { name: 'Opdrachten bevestigen' }).count()).toBe(0);
    expect((await startsInDatabase(technician)).starts[0]).toEqual(['Anna Jansen', at(8).toISOString()]);
    await context.close();
  });

  it('says an empty day is empty, with nothing to confirm, in French on the French site', async () => {
    const technician = await withDatabase(app, (em) => createTechnician(em, { firstname: 'Luc' }));
    const { page, context } = await browser.newPage();
    await openWithStorage(
      page,
      app,
      { accessToken: appTokens(app).signTechnician(technician) },
      `${MANAGE}?country=BE&lang=fr`,
    );
    await page.getByRole('heading', { level: 1, name: 'Bonjour Luc' }).waitFor();
    expect(await page.locator('.planner-date').textContent()).toBe('Votre planning du samedi 21 novembre 2026');
    expect(await page.getByText('Aucune mission pour samedi 21 novembre 2026', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Confirmer les missions' }).count()).toBe(0);
    await context.close();
  });

  it('returns to the login when the token is no longer accepted', async () => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, { accessToken: 'expired.or.forged' }, MANAGE);
    await page.waitForURL('**/technician/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});
