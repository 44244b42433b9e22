import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admin } from '../../server/admins/admin.entity.js';
import { Technician } from '../../server/technicians/technician.entity.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { readOutbox, resetLinkOf, waitForMail } from '../utils/outbox.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { expectNoAxeViolations } from './utils/accessibility.js';

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
    await page.getByRole('button', { name: 'Inloggen' }).click();
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
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL('**/admin/main');
    // The console's sidebar holds every screen of the legacy menu, grouped; the landing page is the current place.
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overzicht',
      'Opdrachten zoeken',
      'Opdrachten beheren',
      'Opdracht aanmaken',
      'Opdrachten migreren',
      'Bellijst',
      'Monteur overzicht',
      'Gegevens inladen',
      'Gegevens downloaden',
      'Statistieken',
      'Systeem instellingen',
      'Berichten aan consumenten',
      'Feestdagen',
      'Admin overzicht',
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
    await page.getByRole('link', { name: 'Monteur overzicht' }).click();
    await page.waitForURL('**/admin/technicians/index');
    await page.getByRole('link', { name: 'Aanmaken', exact: true }).click();
    await page.waitForURL('**/admin/technicians/create');
    const seen = readOutbox(app.dataDir);
    await page.getByLabel('Voornaam').fill('Noor');
    await page.getByLabel('Achternaam').fill('Vermeer');
    await page.getByLabel('E-Mail').fill('noor@example.test');
    await page.getByLabel('N-nummer').fill('N4242');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect.poll(() => page.getByText('Monteur aangemaakt').count()).toBe(1);
    await expect.poll(() => page.getByLabel('Voornaam').inputValue()).toBe('');
    await expect.poll(() => page.getByText('Er gaat een e-mail naar noor@example.test').count()).toBe(1);

    // The same personal number again: the legacy failure text, and the form keeps its values.
    await page.getByLabel('Voornaam').fill('Ander');
    await page.getByLabel('Achternaam').fill('Iemand');
    await page.getByLabel('E-Mail').fill('ander@example.test');
    await page.getByLabel('N-nummer').fill('N4242');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Opgelet, of het mailadres bestaat al of het N-nummer');
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
    await technician.page.getByRole('button', { name: 'Inloggen' }).click();
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
    await expect.poll(() => page.getByText('Er is een email onderweg met verdere instructies!').count()).toBe(1);
    const mail = await waitForMail(app.dataDir, 'vergeten@example.test', { seen });
    expect(mail.subject).toBe('Stel een nieuw wachtwoord in');
    await context.close();
  });

  it('creates, edits, deactivates and deletes an admin', async () => {
    const { page, context } = await browser.newPage();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Admin overzicht' }).click();
    await page.waitForURL('**/admin/users/overview');
    await page.getByRole('link', { name: 'Aanmaken', exact: true }).click();
    await page.waitForURL('**/admin/users/create');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin aanmaken');
    await page.getByLabel('Voornaam').fill('Greet');
    await page.getByLabel('Achternaam').fill('Jansen');
    await page.getByLabel('E-Mail').fill('greet@example.test');
    await page.getByLabel('Status').selectOption({ label: 'Actief' });
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect.poll(() => page.getByText('Admin aangemaakt').count()).toBe(1);
    expect(await page.getByLabel('E-Mail').inputValue()).toBe('');
    expect(await page.getByLabel('Status').inputValue()).toBe('0');
    await waitForMail(app.dataDir, 'greet@example.test');

    await page.getByLabel('Voornaam').fill('Dubbel');
    await page.getByLabel('Achternaam').fill('Chef');
    await page.getByLabel('E-Mail').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Opgelet, dit email bestaat al');
    expect(await page.getByLabel('E-Mail').inputValue()).toBe(ADMIN.email);

    await page.getByRole('link', { name: 'Terug' }).click();
    await page.waitForURL('**/admin/users/overview');
    await page.getByRole('cell', { name: 'greet@example.test' }).click();
    await page.waitForURL(/\/admin\/users\/edit\/\d+$/);
    await expect.poll(() => page.getByLabel('Voornaam').inputValue()).toBe('Greet');
    await page.getByLabel('Achternaam').fill('Jansen-Smit');
    await page.getByLabel('Status').selectOption({ label: 'Inactief' });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => page.getByText('Admin aangepast').count()).toBe(1);
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
