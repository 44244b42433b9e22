import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../utils/factories.js';
import { Role } from '../../server/common/auth/role.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { appTokens, pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

describe('API explorer (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;
  let dispatcherToken: string;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    [adminToken, dispatcherToken] = await withDatabase(app, async (em) => [
      appTokens(app).signAdmin(await createAdmin(em, { firstname: 'Verkenner', lastname: 'Explorateur' })),
      appTokens(app).signAdmin(await createAdmin(em, { role: Role.DISPATCHER })),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const site of SITES) {
    it(`lets an admin run a query with the admin's own session and see the answer (${site.language})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/admin/main', { storage: { adminToken } });
      await pageSettled(page);
      const title = textOf(site, 'admin.explorer.title');
      await page
        .getByRole('navigation', { name: textOf(site, 'admin.nav.label') })
        .getByRole('link', { name: title })
        .click();
      await page.waitForURL('**/admin/explorer');
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      // Mutations act for real: said before the editor, in the user's language.
      await page.getByText(textOf(site, 'admin.explorer.warning')).waitFor();
      const run = page.getByRole('button', { name: /^Execute query/ });
      await run.waitFor();
      // The editor holds its first query once Monaco is up.
      await expect
        .poll(() => page.locator('.graphiql-query-editor').innerText(), { timeout: 20_000 })
        .toContain('currentAdmin');
      // Run by keyboard: the button is reached and pressed like any other.
      await run.focus();
      await page.keyboard.press('Enter');
      const answer = page.locator('.graphiql-response');
      await expect.poll(() => answer.innerText(), { timeout: 20_000 }).toContain('Verkenner');
      // Monaco writes spaces as no-break spaces.
      expect(await answer.innerText()).toMatch(/"role":\s"ADMIN"/);
      await expectNoAxeViolations(page, `admin-explorer-${site.language}`);
      await saveScreenshot(page, `admin-explorer-${site.language}`);
      // The docs for integrators are one link away.
      expect(await page.getByRole('link', { name: textOf(site, 'admin.explorer.docs') }).getAttribute('href')).toBe(
        '/api-docs/integrators',
      );
      await context.close();
    });
  }

  it('is not in the menu of a dispatcher, and a typed address says it is not for that role', async () => {
    const [site] = SITES;
    const { page, context } = await openOnSite(browser, app, site, '/admin/main', {
      storage: { adminToken: dispatcherToken },
    });
    await pageSettled(page);
    const menu = page.getByRole('navigation', { name: textOf(site, 'admin.nav.label') });
    await menu.getByRole('link', { name: textOf(site, 'admin.menu.orders') }).waitFor();
    expect(await menu.getByRole('link', { name: textOf(site, 'admin.explorer.title') }).count()).toBe(0);
    await page.goto(`${new URL(page.url()).origin}/admin/explorer`);
    await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.notForRole.title') }).waitFor();
    expect(await page.locator('.graphiql-container').count()).toBe(0);
    await context.close();
  });
});
