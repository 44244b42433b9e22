import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { appTokens, openWithStorage, pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';

describe('routes and redirects of the three areas (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  /** A real admin token: pages that load data send a forged one back to the login page. */
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => appTokens(app).signAdmin(await createAdmin(em)));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const landing = async (path: string, storage: Record<string, string> = {}) => {
    const { page, context } = await browser.newPage();
    await openWithStorage(page, app, storage, path);
    await pageSettled(page);
    const url = new URL(page.url());
    const heading = await page.locator('h1').first().textContent();
    await context.close();
    return { path: url.pathname, heading };
  };

  it('sends the empty path to the consumer index, with the consumer shell', async () => {
    const result = await landing('/');
    expect(result.path).toBe('/index');
    expect(result.heading).toBe('Wanneer komt de monteur?');
  });

  it('shows the technician login to a visitor without a token', async () => {
    expect((await landing('/technician/login')).path).toBe('/technician/login');
    expect((await landing('/technician')).path).toBe('/technician/login');
    expect((await landing('/technician/anything')).path).toBe('/technician/login');
  });

  it('sends a technician with a token from login to manage', async () => {
    // A real token: the planner sends a refused token back to the login.
    const technician = await withDatabase(app, (em) => createTechnician(em));
    const accessToken = appTokens(app).signTechnician(technician);
    expect((await landing('/technician/login', { accessToken })).path).toBe('/technician/manage');
  });

  it('shows the admin login, and guards the admin pages', async () => {
    expect((await landing('/admin/login')).path).toBe('/admin/login');
    expect((await landing('/admin')).path).toBe('/admin/login');
    expect((await landing('/admin/statistics')).path).toBe('/admin/login');
  });

  it('sends an admin with a token from login to the console overview, and bare groups to their first page', async () => {
    expect(await landing('/admin/login', { adminToken })).toEqual({ path: '/admin/main', heading: 'Overzicht' });
    expect((await landing('/admin', { adminToken })).path).toBe('/admin/main');
    expect((await landing('/admin/users', { adminToken })).path).toBe('/admin/users/overview');
    expect((await landing('/admin/holiday', { adminToken })).path).toBe('/admin/holiday/index');
    expect((await landing('/admin/technicians/nowhere', { adminToken })).path).toBe('/admin/technicians/index');
  });

  it('opens every legacy admin path in the console, with its place marked in the sidebar', async () => {
    const places: [path: string, heading: string, current: string][] = [
      ['/admin/main', 'Overzicht', 'Overzicht'],
      ['/admin/technicians/index', 'Monteuroverzicht', 'Monteuroverzicht'],
      ['/admin/technicians/create', 'Monteur aanmaken', 'Monteuroverzicht'],
      ['/admin/appointment/create', 'Opdracht aanmaken', 'Opdracht aanmaken'],
      ['/admin/migrate', 'Opdrachten migreren', 'Opdrachten migreren'],
      ['/admin/orders', 'Opdrachten', 'Opdrachten zoeken'],
      ['/admin/appointment/manage', 'Opdrachten beheren', 'Opdrachten beheren'],
      ['/admin/settings', 'Systeeminstellingen', 'Systeeminstellingen'],
      ['/admin/settings/messages', 'Berichten aan consumenten', 'Berichten aan consumenten'],
      ['/admin/users/overview', 'Beheerdersoverzicht', 'Beheerdersoverzicht'],
      ['/admin/users/create', 'Beheerder aanmaken', 'Beheerdersoverzicht'],
      ['/admin/export', 'Gegevens downloaden', 'Gegevens downloaden'],
      ['/admin/import', 'Gegevens inladen', 'Gegevens inladen'],
      ['/admin/statistics', 'Statistieken', 'Statistieken'],
      ['/admin/holiday/index', 'Feestdagen', 'Feestdagen'],
      ['/admin/holiday/create', 'Feestdag aanmaken', 'Feestdagen'],
      ['/admin/call-list', 'Bellijst', 'Bellijst'],
    ];
    const { page, context } = await browser.newPage();
    for (const [path, heading, current] of places) {
      await openWithStorage(page, app, { adminToken }, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      const nav = page.getByRole('navigation', { name: 'Beheermenu' });
      await expect
        .poll(() => nav.locator('[aria-current="page"]').allTextContents(), { message: path })
        .toEqual([current]);
    }
    await context.close();
  });

  it('guards the consumer details page', async () => {
    expect((await landing('/details')).path).toBe('/index');
  });

  it("sends an unknown path to /404, which says 'Pagina niet gevonden'", async () => {
    const result = await landing('/no/such/page');
    expect(result).toEqual({ path: '/404', heading: 'Pagina niet gevonden' });
  });
});
