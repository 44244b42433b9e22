import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** The narrowest screen WCAG's reflow asks for. */
const NARROW = { width: 320, height: 640 };

describe('the accessibility statement in Chromium, Dutch and French', () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: '2026-11-23T10:00:00+01:00' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const site of SITES) {
    it(`${site.language}: is reached from the lookup's footer by keyboard and names the standard, the checks and a contact`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/index', { viewport: NARROW });
      const link = page
        .getByRole('contentinfo')
        .getByRole('link', { name: textOf(site, 'consumer.accessibility.title') });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${textOf(site, 'consumer.accessibility.path')}`);
      await page.getByRole('heading', { level: 2, name: textOf(site, 'consumer.accessibility.title') }).waitFor();
      for (const part of ['standard', 'checked', 'limits', 'contact'] as const) {
        await page
          .getByRole('heading', { level: 3, name: textOf(site, `consumer.accessibility.${part}.title`) })
          .waitFor();
      }
      expect(await page.getByText('WCAG) 2.2', { exact: false }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'toegankelijkheid@tijdvak.example' }).getAttribute('href')).toBe(
        'mailto:toegankelijkheid@tijdvak.example',
      );
      expect(await page.title()).toContain(textOf(site, 'consumer.accessibility.title'));
      await expectNoAxeViolations(page, `accessibility-statement-${site.language}`);
      await expectNoHorizontalScroll(page, `accessibility-statement-${site.language}`);
      await saveScreenshot(page, `accessibility-statement-${site.language}`);
      await context.close();
    });
  }
});
