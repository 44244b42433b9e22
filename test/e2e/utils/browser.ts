import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; playwright-core never downloads a browser here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const ARTIFACTS_DIR = 'test-artifacts';

export interface E2EBrowser {
  browser: Browser;
  /**
   * A fresh context (own storage and cookies); `hostPort` maps every host name to the app. `serviceWorkers: 'block'`
   * for a test that intercepts requests: once the technician area's service worker controls the page, its requests
   * pass the worker and Playwright's routes no longer see them.
   */
  newPage(options?: {
    viewport?: { width: number; height: number };
    serviceWorkers?: 'allow' | 'block';
  }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * Starts headless Chromium with the flags this closed network needs. Every host name resolves to
 * 127.0.0.1, so tests can open real host names such as rendezvous.be.example.
 */
export async function launchBrowser(options: { args?: string[] } = {}): Promise<E2EBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'tijdvak-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--host-resolver-rules=MAP * 127.0.0.1',
      ...(options.args ?? []),
    ],
  });
  return {
    browser,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 900 },
        serviceWorkers: options.serviceWorkers ?? 'allow',
      });
      const page = await context.newPage();
      return { page, context };
    },
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot under test-artifacts/ (kept by CI for a human to look at). */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Where the README's pictures live; written only when asked, so a test run leaves the working tree as it was. */
const README_SCREENSHOTS_DIR = 'docs/screenshots';

/**
 * A screenshot for the README: the visible part of the page (not the full height), saved with the other
 * artifacts and, when `UPDATE_README_SCREENSHOTS=1`, also into docs/screenshots to be committed.
 */
export async function saveReadmeScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, scale: 'css' });
  if (process.env.UPDATE_README_SCREENSHOTS === '1') {
    mkdirSync(README_SCREENSHOTS_DIR, { recursive: true });
    copyFileSync(path, join(README_SCREENSHOTS_DIR, `${name}.png`));
  }
  return path;
}
