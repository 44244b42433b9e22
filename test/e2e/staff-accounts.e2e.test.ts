import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admin } from '../../server/admins/admin.entity.js';
import { Technician } from '../../server/technicians/technician.entity.js';
import { Order } from '../../server/orders/order.entity.js';
import { OrderEvent } from '../../server/audit/order-event.entity.js';
import { OrderEventKind } from '../../server/audit/order-event-kind.js';
import { Country } from '../../server/common/locale.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { readOutbox, resetLinkOf, waitForMail } from '../utils/outbox.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

const ADMIN = { email: 'chef@example.test', password: 'chef-password-2026' };

describe('staff accounts in Chromium (sign-in, reset mail, admin and technician management)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    await withDatabase(app, (em) => createAdmin(em, { firstname: 'Chef', lastname: 'Beheer', ...ADMIN }));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const signInAsAdmin = async (page: Page) => {
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.waitForURL('**/admin/main');
  };

  it('refuses a wrong password with the legacy text, then signs the admin in to the main menu', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill('not-the-password');
    await page.getByLabel('Wachtwoord').press('Enter');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Deze combinatie van e-mailadres en wachtwoord is bij ons niet bekend.');

    await page.getByLabel('Wachtwoord').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.waitForURL('**/admin/main');
    // An admin's sidebar holds every screen of the legacy menu, grouped, and its own devices; the landing page is the
    // current place.
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    await expect
      .poll(() => nav.getByRole('link').allTextContents())
      .toEqual([
        'Overzicht',
        'Bezoeken vandaag',
        'Opdrachten zoeken',
        'Opdrachten beheren',
        'Opdracht aanmaken',
        'Opdrachten migreren',
        'Bellijst',
        'Monteuroverzicht',
        'Gegevens inladen',
        'Gegevens downloaden',
        'Statistieken',
        'Cijfers voor kantoor',
        'Gegevensverzoeken',
        'Systeeminstellingen',
        'Berichten aan consumenten',
        'Zelf verzetten',
        'Mislukte berichten',
        'Feestdagen',
        'Beheerdersoverzicht',
        'Applicaties (API)',
        'API-verkenner',
        'Mijn apparaten',
      ]);
    expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(['Overzicht']);
    expect(await page.locator('.console-admin-name').textContent()).toBe('Ingelogd als Chef Beheer');

    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto(`${app.url}/admin/main`);
    await page.waitForURL('**/admin/login');
    await context.close();
  });

  it('creates a technician, who sets a password from the mail and signs in', async () => {
    const { page, context } = await browser.newPage();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Monteuroverzicht' }).click();
    await page.waitForURL('**/admin/technicians/index');
    await page.getByRole('link', { name: 'Aanmaken', exact: true }).click();
    await page.waitForURL('**/admin/technicians/create');
    const seen = readOutbox(app.dataDir);
    await page.getByLabel('Voornaam').fill('Noor');
    await page.getByLabel('Achternaam').fill('Vermeer');
    await page.getByLabel('E-mail').fill('noor@example.test');
    await page.getByLabel('N-nummer').fill('N4242');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect.poll(() => page.getByText('Monteur aangemaakt').count()).toBe(1);
    await expect.poll(() => page.getByLabel('Voornaam').inputValue()).toBe('');
    await expect.poll(() => page.getByText('Er gaat een e-mail naar noor@example.test').count()).toBe(1);

    // The same personal number again: the legacy failure text, and the form keeps its values.
    await page.getByLabel('Voornaam').fill('Ander');
    await page.getByLabel('Achternaam').fill('Iemand');
    await page.getByLabel('E-mail').fill('ander@example.test');
    await page.getByLabel('N-nummer').fill('N4242');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Opgelet, het e-mailadres of het N-nummer bestaat al');
    expect(await page.getByLabel('Voornaam').inputValue()).toBe('Ander');
    await context.close();

    const mail = await waitForMail(app.dataDir, 'noor@example.test', { seen });
    const { url } = resetLinkOf(mail);
    expect(url.startsWith(`${app.url}/technician/newpassword/`)).toBe(true);

    const technician = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await technician.page.goto(url);
    await technician.page.getByLabel('Nieuw wachtwoord').fill('noor-secret');
    await technician.page.getByLabel('Herhaal wachtwoord').fill('noor-secreT');
    await technician.page.getByRole('button', { name: 'Wachtwoord resetten' }).click();
    await expect.poll(() => technician.page.getByRole('alert').textContent()).toBe('Wachtwoorden zijn niet gelijk');
    await technician.page.getByLabel('Nieuw wachtwoord').fill('noor');
    await technician.page.getByLabel('Herhaal wachtwoord').fill('noor');
    await technician.page.getByRole('button', { name: 'Wachtwoord resetten' }).click();
    await expect
      .poll(() => technician.page.getByRole('alert').textContent())
      .toBe('Uw nieuwe wachtwoord moet minimaal 6 karakters bevatten');
    await technician.page.getByLabel('Nieuw wachtwoord').fill('noor-secret');
    await technician.page.getByLabel('Herhaal wachtwoord').fill('noor-secret');
    await technician.page.getByRole('button', { name: 'Wachtwoord resetten' }).click();
    await expect.poll(() => technician.page.getByText('Wachtwoord aangepast, u kunt nu inloggen!').count()).toBe(1);
    await saveScreenshot(technician.page, 'staff-new-password-done-375');

    await technician.page.getByRole('link', { name: 'Inloggen' }).click();
    await technician.page.waitForURL('**/technician/login');
    await technician.page.getByLabel('E-mailadres').fill('noor@example.test');
    await technician.page.getByLabel('Wachtwoord').fill('noor-secret');
    await technician.page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await technician.page.waitForURL('**/technician/manage');
    expect(await technician.page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    const lastOnline = await withDatabase(app, (em) => em.findOneOrFail(Technician, { email: 'noor@example.test' }));
    expect(lastOnline.lastOnline).not.toBeNull();

    // The link works once.
    await technician.page.evaluate(() => localStorage.clear());
    await technician.page.goto(url);
    await technician.page.getByLabel('Nieuw wachtwoord').fill('other-secret');
    await technician.page.getByLabel('Herhaal wachtwoord').fill('other-secret');
    await technician.page.getByRole('button', { name: 'Wachtwoord resetten' }).click();
    await expect.poll(() => technician.page.getByRole('alert').textContent()).toBe('Ongeldige token ingevoerd.');
    await technician.context.close();
  });

  it('lets a technician ask for a reset mail on the forgot page', async () => {
    await withDatabase(app, (em) => createTechnician(em, { email: 'vergeten@example.test', password: 'old-secret' }));
    const { page, context } = await browser.newPage();
    await page.goto(`${app.url}/technician/login`);
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await page.waitForURL('**/technician/forgot');
    await page.getByLabel('E-mailadres').fill('onbekend@example.test');
    await page.getByRole('button', { name: 'Wachtwoord aanvragen' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Dit e-mailadres is bij ons niet bekend.');
    const seen = readOutbox(app.dataDir);
    await page.getByLabel('E-mailadres').fill('vergeten@example.test');
    await page.getByRole('button', { name: 'Wachtwoord aanvragen' }).click();
    await expect.poll(() => page.getByText('Er is een e-mail onderweg met verdere instructies!').count()).toBe(1);
    const mail = await waitForMail(app.dataDir, 'vergeten@example.test', { seen });
    expect(mail.subject).toBe('Stel een nieuw wachtwoord in');
    await context.close();
  });

  it('creates, edits, deactivates and deletes an admin', async () => {
    const { page, context } = await browser.newPage();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Beheerdersoverzicht' }).click();
    await page.waitForURL('**/admin/users/overview');
    await page.getByRole('link', { name: 'Aanmaken', exact: true }).click();
    await page.waitForURL('**/admin/users/create');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Beheerder aanmaken');
    await page.getByLabel('Voornaam').fill('Greet');
    await page.getByLabel('Achternaam').fill('Jansen');
    await page.getByLabel('E-mail').fill('greet@example.test');
    await page.getByLabel('Status').selectOption({ label: 'Actief' });
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect.poll(() => page.getByText('Beheerder aangemaakt').count()).toBe(1);
    expect(await page.getByLabel('E-mail').inputValue()).toBe('');
    expect(await page.getByLabel('Status').inputValue()).toBe('0');
    await waitForMail(app.dataDir, 'greet@example.test');

    await page.getByLabel('Voornaam').fill('Dubbel');
    await page.getByLabel('Achternaam').fill('Chef');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Opgelet, dit e-mailadres bestaat al');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(ADMIN.email);

    await page.getByRole('link', { name: 'Terug' }).click();
    await page.waitForURL('**/admin/users/overview');
    await page.getByRole('cell', { name: 'greet@example.test' }).click();
    await page.waitForURL(/\/admin\/users\/edit\/\d+$/);
    await expect.poll(() => page.getByLabel('Voornaam').inputValue()).toBe('Greet');
    await page.getByLabel('Achternaam').fill('Jansen-Smit');
    await page.getByLabel('Status').selectOption({ label: 'Inactief' });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => page.getByText('Beheerder aangepast').count()).toBe(1);
    const stored = await withDatabase(app, (em) => em.findOneOrFail(Admin, { email: 'greet@example.test' }));
    expect(stored).toMatchObject({ lastname: 'Jansen-Smit', inactive: true });

    await page.getByRole('link', { name: 'Terug' }).click();
    await page.waitForURL('**/admin/users/overview');
    const dimmed = page.locator('tr.is-dimmed');
    await expect.poll(() => dimmed.count()).toBe(1);
    expect(await dimmed.textContent()).toContain('greet@example.test');
    await saveScreenshot(page, 'staff-users-overview');

    await page.getByRole('link', { name: 'Greet Jansen-Smit' }).click();
    await page.waitForURL(/\/admin\/users\/edit\/\d+$/);
    // The question is an in-page dialog, never the browser's: Escape cancels it and the keyboard is back on the button.
    let nativeDialogs = 0;
    page.on('dialog', (dialog) => {
      nativeDialogs++;
      void dialog.dismiss();
    });
    const deleteButton = page.getByRole('button', { name: 'Verwijderen' });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Greet Jansen-Smit verwijderen?' });
    await question.waitFor();
    expect(await question.textContent()).toContain('Dit kan niet ongedaan worden gemaakt.');
    // A destructive question starts on Cancel, so a second Enter cannot delete by accident.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Annuleren');
    await expectNoAxeViolations(page, 'delete-admin dialog');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Verwijderen');
    expect(await withDatabase(app, (em) => em.count(Admin, { email: 'greet@example.test' }))).toBe(1);

    await deleteButton.click();
    await question.getByRole('button', { name: 'Verwijderen' }).click();
    await page.waitForURL('**/admin/users/overview');
    expect(nativeDialogs).toBe(0);
    expect(await withDatabase(app, (em) => em.count(Admin, { email: 'greet@example.test' }))).toBe(0);
    await expect.poll(() => page.getByText('greet@example.test').count()).toBe(0);
    await context.close();
  });

  it('deletes a technician after an in-page question, and keeps him when the admin cancels', async () => {
    await withDatabase(app, (em) =>
      createTechnician(em, { firstname: 'Wim', lastname: 'Vertrekt', email: 'wim.vertrekt@example.test' }),
    );
    const { page, context } = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`${app.url}/admin/technicians/index`);
    await page.getByPlaceholder('Zoek een monteur...').fill('vertrekt');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    let nativeDialogs = 0;
    page.on('dialog', (dialog) => {
      nativeDialogs++;
      void dialog.dismiss();
    });
    const deleteButton = page.getByRole('button', { name: 'Verwijderen: Wim Vertrekt' });
    const question = page.getByRole('dialog', { name: 'Wim Vertrekt verwijderen?' });
    await deleteButton.click();
    await question.getByText('Dit kan niet ongedaan worden gemaakt.').waitFor();
    await expectNoAxeViolations(page, 'technician-delete-dialog');
    await question.getByRole('button', { name: 'Annuleren' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await page.locator('tbody tr').textContent()).toContain('Wim Vertrekt');

    await deleteButton.click();
    await question.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('Monteur verwijderd').waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('technician-search');
    expect(nativeDialogs).toBe(0);
    await context.close();
  });

  it('deletes a technician with visits to make in one dialog that names them and moves them, by keyboard', async () => {
    const inDays = (days: number) => {
      const at = new Date(Date.now() + days * 86_400_000);
      at.setUTCHours(9, 0, 0, 0);
      return at;
    };
    const { leaving, taking, first, second } = await withDatabase(app, async (em) => {
      const leaving = await createTechnician(em, { firstname: 'Kees', lastname: 'Stopt' });
      const taking = await createTechnician(em, { firstname: 'Lotte', lastname: 'Neemtover' });
      await createTechnician(em, { firstname: 'Luc', lastname: 'Belg', country: Country.BE });
      const first = await createOrder(em, { technician: leaving, appointment: inDays(2) });
      const second = await createOrder(em, { technician: leaving, appointment: inDays(3) });
      return { leaving, taking, first, second };
    });
    const { page, context } = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`${app.url}/admin/technicians/index`);
    await page.getByPlaceholder('Zoek een monteur...').fill('stopt');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    let mutations = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('mutation DeleteTechnician')) mutations++;
    });

    await tabTo(page, 'button "Verwijderen: Kees Stopt"');
    await page.keyboard.press('Enter');
    // One question: the orders still to be visited are named before anything is sent.
    const question = page.getByRole('dialog', { name: 'Kees Stopt verwijderen?' });
    await question.getByRole('heading', { level: 3 }).waitFor();
    expect(await question.getByRole('heading', { level: 3 }).textContent()).toBe('Opdrachten vanaf vandaag (2)');
    expect(await question.getByRole('listitem').getByRole('link').allTextContents()).toEqual([
      first.referenceNumber,
      second.referenceNumber,
    ]);
    expect(await question.getByRole('link', { name: first.referenceNumber }).getAttribute('href')).toContain(
      encodeURIComponent(first.referenceNumber),
    );
    expect(await question.textContent()).toContain('Deze monteur heeft nog opdrachten. Kies wie ze overneemt');
    expect(mutations).toBe(0);
    const target = question.getByLabel('Verplaatsen naar');
    // Only technicians of the same country can take the orders over.
    const choices = await target.locator('option').allTextContents();
    expect(choices).toContain(`Lotte Neemtover (${taking.personalNumber})`);
    expect(choices.some((choice) => choice.includes('Luc Belg') || choice.includes('Kees Stopt'))).toBe(false);
    await expectNoAxeViolations(page, 'technician-delete-move-dialog');

    // The focus starts on Cancel (a destructive question). Without a choice nothing is sent.
    await tabTo(page, 'button "Verplaatsen en verwijderen"', 3, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await question.getByText('Kies de monteur die de opdrachten overneemt.').waitFor();
    expect(mutations).toBe(0);
    expect(await withDatabase(app, (em) => em.count(Technician, { id: leaving.id }))).toBe(1);

    await tabTo(page, /^combobox "Verplaatsen naar/, 5, 'Shift+Tab');
    await target.selectOption(taking.personalNumber);
    await tabTo(page, 'button "Verplaatsen en verwijderen"', 3);
    await saveScreenshot(page, 'technician-delete-move-chosen');
    await page.keyboard.press('Enter');
    await page.getByText('Monteur verwijderd; naar Lotte Neemtover verplaatst: 2').waitFor();
    expect(mutations).toBe(1);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('technician-search');
    const owners = await withDatabase(app, async (em) => {
      const orders = await em.find(Order, { id: [first.id, second.id] }, { populate: ['technician'] });
      return orders.map((order) => order.technician?.id);
    });
    expect(owners).toEqual([taking.id, taking.id]);
    // Audited as a move to another technician's schedule, one event per order.
    const moves = await withDatabase(app, (em) =>
      em.count(OrderEvent, { order: { $in: [first.id, second.id] }, kind: OrderEventKind.MIGRATED }),
    );
    expect(moves).toBe(2);
    expect(await withDatabase(app, (em) => em.count(Technician, { id: leaving.id }))).toBe(0);
    await context.close();
  });

  it('names the orders to move in an accessible dialog on both sites', async () => {
    const adminToken = appTokens(app).signAdmin(
      await withDatabase(app, (em) => em.findOneOrFail(Admin, { email: ADMIN.email })),
    );
    for (const site of SITES) {
      const country = site.country === 'BE' ? Country.BE : Country.NL;
      const name = { firstname: 'Axe', lastname: `Vertrek${site.language}` };
      await withDatabase(app, async (em) => {
        const leaving = await createTechnician(em, { ...name, country });
        await createTechnician(em, { firstname: 'Axe', lastname: `Blijft${site.language}`, country });
        await createOrder(em, { technician: leaving, country, appointment: new Date(Date.now() + 3 * 86_400_000) });
      });
      const { page, context } = await openOnSite(browser, app, site, '/admin/technicians/index', {
        storage: { adminToken },
      });
      const fullName = `${name.firstname} ${name.lastname}`;
      await page.getByPlaceholder(textOf(site, 'admin.technicians.searchPlaceholder')).fill(name.lastname);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await page
        .getByRole('button', { name: textOf(site, 'admin.technicians.deleteLabel', { name: fullName }) })
        .click();
      const move = page.getByRole('dialog', { name: textOf(site, 'admin.confirmDeleteTitle', { name: fullName }) });
      await move.getByLabel(textOf(site, 'admin.technicians.moveTo')).waitFor();
      expect(await move.getByRole('heading', { level: 3 }).textContent()).toBe(
        textOf(site, 'admin.technicians.activeOrders', { count: 1 }),
      );
      expect(await move.textContent()).toContain(textOf(site, 'admin.technicians.moveFirst'));
      await expectNoAxeViolations(page, `technician-delete-move-dialog-${site.language}`);
      await move.getByRole('button', { name: textOf(site, 'admin.technicians.moveAndDelete') }).click();
      await move.getByText(textOf(site, 'admin.technicians.moveToMissing')).waitFor();
      await expectNoAxeViolations(page, `technician-delete-move-missing-${site.language}`);
      await context.close();
    }
  });

  it('searches technicians and opens the planner as a technician in a new window', async () => {
    const technician = await withDatabase(app, (em) =>
      createTechnician(em, { firstname: 'Bram', lastname: 'Zoekbaar', email: 'bram@example.test' }),
    );
    const { page, context } = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`${app.url}/admin/technicians`);
    await page.waitForURL('**/admin/technicians/index');
    await page.getByPlaceholder('Zoek een monteur...').fill('zoekbaar');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').textContent()).toContain('Bram Zoekbaar');
    expect(await page.locator('tbody tr').textContent()).toContain('Nooit');

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Inloggen als monteur: Bram Zoekbaar' }).click(),
    ]);
    await popup.waitForURL('**/technician/manage');
    // The planner greets the technician whose token the admin got.
    await expect.poll(() => popup.locator('h1').first().textContent()).toMatch(/ Bram$/);
    const claims = await popup.evaluate(() => {
      const token = localStorage.getItem('accessToken') ?? '';
      return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    });
    expect(claims).toMatchObject({ role: 'TECHNICIAN', sub: String(technician.id) });
    expect(claims.act).toEqual(expect.any(Number));
    // The admin stays signed in in its own window.
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toMatch(/^ey/);
    await context.close();
  });
});
