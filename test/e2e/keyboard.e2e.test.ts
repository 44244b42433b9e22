import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import { Order } from '../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../server/schedule/schedule-confirmation.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { focused, tabTo } from './utils/keyboard.js';
import { SITES, siteUrl } from './utils/sites.js';

/**
 * The main task of each area done with the keyboard alone (Tab, Enter, Space, arrows): the focus moves in
 * reading order, always shows, and is never lost to the page.
 */

/** Monday 23 November 2026, 14:00: Tuesday's windows are shown; Tuesday is the technician's next working day. */
const NOW = '2026-11-23T14:00:00+01:00';
const at = (hour: number) => new Date(`2026-11-24T${String(hour).padStart(2, '0')}:00:00+01:00`);
const PASSWORD = 'toetsenbord-2026';
const [DUTCH] = SITES;

describe('keyboard-only paths (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
    await withDatabase(app, async (em) => {
      await createAdmin(em, {
        firstname: 'Ada',
        lastname: 'Beheer',
        email: 'ada@keyboard.example',
        password: PASSWORD,
      });
      const jan = await createTechnician(em, {
        firstname: 'Jan',
        email: 'jan@keyboard.example',
        personalNumber: 'N3001',
        password: PASSWORD,
      });
      await createOrder(em, {
        name: 'Anna Jansen',
        referenceNumber: 'KEY-1',
        zipcode: '1234 AB',
        houseNumber: '12',
        technician: jan,
        appointment: at(8),
      });
      await createOrder(em, { name: 'Bert Bakker', referenceNumber: 'KEY-2', technician: jan, appointment: at(11) });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('consumer: looks up the window and replies', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(siteUrl(app, DUTCH, '/index'));
    await page.getByLabel('Postcode').waitFor();

    // The language switch comes before the page's own controls: both languages, one key away.
    expect(await tabTo(page, 'textbox "Postcode"')).toEqual([
      'link "Naar de inhoud"',
      'button "Nederlands"',
      'button "Français"',
      'textbox "Postcode"',
    ]);
    await page.keyboard.type('1234 AB');
    expect(await tabTo(page, 'textbox "Huisnummer"')).toEqual(['textbox "Huisnummer"']);
    await page.keyboard.type('12');
    expect(await tabTo(page, 'button "Tijdvak ophalen"')).toEqual(['button "Tijdvak ophalen"']);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/details');
    await page.getByText('Beste Anna Jansen,').waitFor();
    // The answer takes the focus, so reading starts there.
    await expect.poll(async () => (await focused(page)).name).toBe('heading "Beste Anna Jansen,"');
    expect(await tabTo(page, 'button "Ik ben thuis"')).toEqual([
      'button "Zet in mijn agenda"',
      'button "Ik ben thuis"',
    ]);
    await page.keyboard.press('Space');
    await page.getByText('Bedankt! De monteur weet dat u thuis bent.').waitFor();
    expect((await focused(page)).name).toBe('button "Ik ben thuis"');
    expect(await page.getByRole('button', { name: 'Ik ben thuis' }).getAttribute('aria-pressed')).toBe('true');

    expect(await tabTo(page, 'textbox "Notitie voor de monteur"')).toEqual([
      'button "Ik kan niet, bel mij"',
      'textbox "Notitie voor de monteur"',
    ]);
    await page.keyboard.type('Bel aan bij de buren');
    expect(await tabTo(page, 'button "Notitie opslaan"')).toEqual(['button "Notitie opslaan"']);
    await page.keyboard.press('Enter');
    await page.getByText('Uw notitie is doorgegeven aan de monteur.').waitFor();
    expect((await focused(page)).name).toBe('button "Notitie opslaan"');
    await saveScreenshot(page, 'keyboard-consumer-replied');
    const saved = await withDatabase(app, (em) => em.findOneOrFail(Order, { referenceNumber: 'KEY-1' }));
    expect(saved.name).toBe('Anna Jansen');
    await context.close();
  });

  it('technician: signs in, shifts an hour and confirms the day', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(siteUrl(app, DUTCH, '/technician/login'));
    await page.getByLabel('E-mailadres').waitFor();

    expect(await tabTo(page, 'textbox "E-mailadres"')).toEqual(['link "Naar de inhoud"', 'textbox "E-mailadres"']);
    await page.keyboard.type('jan@keyboard.example');
    expect(await tabTo(page, 'textbox "Wachtwoord"')).toEqual(['textbox "Wachtwoord"']);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/technician/manage');
    await page.getByRole('heading', { level: 1, name: /Jan/ }).waitFor();
    // The pressed sign-in button went with its page: the focus goes on to the planner.
    await expect.poll(async () => (await focused(page)).name).toMatch(/^main /);
    // Anna one hour later with her +1 uur button, Bert one hour earlier with the arrow keys in his list.
    expect(await tabTo(page, 'button "+1 uur: opdracht 1 (Anna Jansen) een uur later"')).toEqual([
      'link "1234 AB 12, Utrecht: route openen naar Anna Jansen"',
      'link "06 12 34 56 78: Anna Jansen bellen"',
      'combobox "Begintijd"',
      'button "−1 uur: opdracht 1 (Anna Jansen) een uur eerder"',
      'button "+1 uur: opdracht 1 (Anna Jansen) een uur later"',
    ]);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Begintijd').first().inputValue()).toBe('9');
    expect((await focused(page)).name).toBe('button "+1 uur: opdracht 1 (Anna Jansen) een uur later"');
    expect(await tabTo(page, 'combobox "Begintijd"')).toEqual([
      'link "1234 AB 10, Utrecht: route openen naar Bert Bakker"',
      'link "06 12 34 56 78: Bert Bakker bellen"',
      'combobox "Begintijd"',
    ]);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByLabel('Begintijd').nth(1).inputValue()).toBe('10');

    expect(await tabTo(page, 'button "Opdrachten bevestigen"')).toEqual([
      'button "−1 uur: opdracht 2 (Bert Bakker) een uur eerder"',
      'button "+1 uur: opdracht 2 (Bert Bakker) een uur later"',
      'button "Tijden herstellen"',
      'button "Sorteer op tijdvak"',
      'button "Opdrachten bevestigen"',
    ]);
    await page.keyboard.press('Enter');
    // The question opens in the page with the keyboard on its own confirm button.
    await page.getByRole('dialog').waitFor();
    expect((await focused(page)).name).toBe('button "Opdrachten bevestigen"');
    await page.keyboard.press('Enter');
    await page.getByText('Opdrachten bevestigd').waitFor();
    // The pressed button is gone now that the day is locked: the focus is on what happened, not lost.
    expect((await focused(page)).name).toContain('Opdrachten bevestigd');
    await saveScreenshot(page, 'keyboard-technician-confirmed');
    const confirmations = await withDatabase(app, (em) => em.count(ScheduleConfirmation, {}));
    expect(confirmations).toBe(1);
    await context.close();
  });

  it('admin: signs in and finds an order', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(siteUrl(app, DUTCH, '/admin/login'));
    await page.getByLabel('E-mailadres').waitFor();

    expect(await tabTo(page, 'textbox "E-mailadres"')).toEqual(['link "Naar de inhoud"', 'textbox "E-mailadres"']);
    await page.keyboard.type('ada@keyboard.example');
    expect(await tabTo(page, 'textbox "Wachtwoord"')).toEqual(['textbox "Wachtwoord"']);
    await page.keyboard.type(PASSWORD);
    expect(await tabTo(page, 'button "Inloggen"')).toEqual(['button "Inloggen"']);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/admin/main');
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    await nav.getByRole('link', { name: /^Opdrachten beheren/ }).waitFor();
    // Signed in, the focus is on the console's overview; the sidebar lies before it, its last link one Shift+Tab away.
    await expect.poll(async () => (await focused(page)).name).toMatch(/^main /);
    const menu = await tabTo(page, /^link "Opdrachten beheren/, 40, 'Shift+Tab');
    expect(menu[0]).toBe('link "Mijn apparaten"');
    expect(menu[menu.length - 1]).toMatch(/^link "Opdrachten beheren/);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/admin/appointment/manage');
    // The pressed menu link is gone with its page: the focus goes on to the new page's content.
    await expect.poll(async () => (await focused(page)).name).toMatch(/^main /);
    expect(await tabTo(page, 'textbox "Referentienummer"')).toEqual(['link "Terug"', 'textbox "Referentienummer"']);
    await page.keyboard.type('KEY-2');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Opdracht KEY-2' }).waitFor();
    expect(await page.getByRole('article').innerText()).toContain('Bert Bakker');
    // The search box is gone with the order shown: the keyboard is on the order, its first action one Tab away.
    expect(await tabTo(page, 'combobox "Andere monteur"')).toEqual(['combobox "Andere monteur"']);
    await saveScreenshot(page, 'keyboard-admin-order');
    await context.close();
  });
});

describe('keyboard-only paths from a consumer message (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  const links: Record<'revoked' | 'current', string> = { revoked: '', current: '' };

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    const secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    await withDatabase(app, async (em) => {
      // deleted and restored once: the links made before the delete stay dead
      const order = await createOrder(em, { email: 'toetsen@example.nl', appointment: at(9) });
      order.linkGeneration = 1;
      await em.flush();
      links.current = `/v/${personalLinkToken({ jwtSecret: secret }, order)}`;
      links.revoked = `/v/${personalLinkToken({ jwtSecret: secret }, { id: order.id, linkGeneration: 0 })}`;
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('consumer: from a link that no longer works to the lookup', async () => {
    const { page, context } = await browser.newPage();
    try {
      await page.goto(siteUrl(app, DUTCH, links.revoked));
      await page.getByRole('heading', { name: 'Deze link werkt niet meer' }).waitFor();
      await tabTo(page, 'link "Zoek uw afspraak op met uw postcode en huisnummer"');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/index$/);
    } finally {
      await context.close();
    }
  });

  it('consumer: unsubscribes from the e-mails', async () => {
    const { page, context } = await browser.newPage();
    try {
      await page.goto(siteUrl(app, DUTCH, `${links.current}/afmelden`));
      await page.getByRole('heading', { name: 'Afmelden voor e-mails' }).waitFor();
      await tabTo(page, 'button "Afmelden"');
      await page.keyboard.press('Enter');
      await page.getByText('Afgemeld: t•••@example.nl krijgt geen e-mails meer over uw afspraken.').waitFor();
      expect(
        await withDatabase(app, async (em) =>
          Number(
            (await em.getConnection().execute<{ n: string }[]>('select count(*) as n from consumer_unsubscribes'))[0].n,
          ),
        ),
      ).toBe(1);
    } finally {
      await context.close();
    }
  });
});
