import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { ARTIFACTS_DIR, saveScreenshot } from './browser.js';

/** WCAG 2.1 levels A and AA, as axe tags them. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules axe marks experimental are left out of a tag run; these test WCAG 2.1 A/AA criteria (orientation,
 * headings and table headers set in text only), so they run too.
 */
const EXPERIMENTAL_WCAG_RULES = ['css-orientation-lock', 'p-as-heading', 'table-fake-caption', 'td-has-header'];

/** Non-text contrast (WCAG 1.4.11) asks 3:1 for the edges of form controls; axe does not check it. */
const CONTROL_BORDER_CONTRAST = 3;

function describeViolation(violation: Result): string {
  const nodes = violation.nodes
    .map((node) => `    at ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
    .join('\n');
  return `  ${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
}

/**
 * Visible text inputs, selects and text areas whose border stands out less than 3:1 from what is behind
 * them (the nearest ancestor with a background colour).
 */
function weakControlBorders(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const rgb = (color: string) => {
      const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
      return match ? { r: +match[1], g: +match[2], b: +match[3], a: match[4] === undefined ? 1 : +match[4] } : null;
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const backgroundBehind = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const color = rgb(getComputedStyle(node).backgroundColor);
        if (color && color.a > 0) return color;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const weak: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), select, textarea',
    );
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const border = rgb(style.borderTopColor);
      if (!border || parseFloat(style.borderTopWidth) === 0) continue;
      const [light, dark] = [luminance(border), luminance(backgroundBehind(control))].sort((a, b) => b - a);
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < least) {
        const name = control.id ? `#${control.id}` : (control.getAttribute('name') ?? control.tagName.toLowerCase());
        weak.push(`${name}: border ${style.borderTopColor} is ${ratio.toFixed(2)}:1 against its background`);
      }
    }
    return weak;
  }, CONTROL_BORDER_CONTRAST);
}

/**
 * Checks the page as it is now against WCAG 2.1 A and AA: axe-core's rules for those levels, plus the
 * border contrast of form controls, which axe leaves out. Fails with every violation's rule, help text and
 * elements, and saves the screen as `test-artifacts/a11y/<label>.png` to look at.
 *
 * Call it once the screen shows the state to check (wait for its text first):
 *
 *     await page.getByRole('heading', { name: 'Opdrachten' }).waitFor();
 *     await expectNoAxeViolations(page, 'admin-orders-nl');
 *
 * Every screen, and every state of it a user can reach (empty, errors, results, dialogs), is checked in
 * both languages: see test/e2e/accessibility.e2e.test.ts.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .options({
      // Only violations fail the check; axe spends less time when it does not describe every passing node.
      resultTypes: ['violations'],
      rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  const borders = await weakControlBorders(page);
  const problems = [
    ...results.violations.map(describeViolation),
    ...(borders.length ? [`  control-border-contrast: form control edges need ${CONTROL_BORDER_CONTRAST}:1`] : []),
    ...borders.map((border) => `    at ${border}`),
  ];
  if (problems.length) {
    await saveScreenshot(page, `a11y/${label}`);
    throw new Error(`${label} (${page.url()}): accessibility violations\n${problems.join('\n')}`);
  }
}

/**
 * The page can be read without scrolling sideways: call it at 320 CSS px wide, the width WCAG 1.4.10
 * (reflow) asks for. A table may scroll inside its own box (`.table-wrap`), the page may not.
 */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !element.parentElement?.closest('.table-wrap');
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wider };
  });
  if (overflow.scrollWidth > overflow.width) {
    throw new Error(
      `${label}: scrolls sideways at ${overflow.width} px (content ${overflow.scrollWidth} px wide): ${overflow.wider.join(', ')}`,
    );
  }
}

/** Waits until the page's size stops changing (a new text size reaches the layout in steps). */
async function settledLayout(page: Page): Promise<void> {
  const size = () => page.evaluate(() => `${document.body.scrollWidth}x${document.body.scrollHeight}`);
  let last = await size();
  for (let round = 0; round < 15; round++) {
    await page.waitForTimeout(200);
    const now = await size();
    if (now === last) return;
    last = now;
  }
}

/** Chromium's default text size; readers raise it in the browser's settings. */
const DEFAULT_FONT_SIZE_PX = 16;

/**
 * With the browser's text size at 200 % (WCAG 1.4.4), the page's text grows with it and still fits: no
 * sideways scrolling, and no box that cuts its text off. Sets the size back afterwards.
 */
export async function expectTextScales(page: Page, label: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const setSize = (px: number) =>
    cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round(px * 0.8125) } });
  try {
    await setSize(DEFAULT_FONT_SIZE_PX * 2);
    await settledLayout(page);
    const found = await page.evaluate(() => {
      const bodySize = parseFloat(getComputedStyle(document.body).fontSize);
      const clipped = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((element) => {
          const style = getComputedStyle(element);
          const clips = [style.overflowX, style.overflowY].some((value) => value === 'hidden' || value === 'clip');
          if (!clips || !element.textContent?.trim() || element.closest('.visually-hidden, [aria-hidden="true"]'))
            return false;
          if (element.getBoundingClientRect().width <= 1) return false;
          return element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
        })
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
      return { bodySize, clipped };
    });
    const problems = [
      ...(found.bodySize < DEFAULT_FONT_SIZE_PX * 2
        ? [`body text stays at ${found.bodySize}px: it must follow the browser's text size (use rem or %)`]
        : []),
      ...(await expectNoHorizontalScroll(page, 'the page').then(
        () => [],
        (caught: Error) => [caught.message],
      )),
      ...found.clipped.map((element) => `${element} cuts its text off`),
    ];
    // The visible part only: a full-page screenshot resizes the page and loses the text size.
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'a11y', `${label}-text-200.png`) });
    if (problems.length) throw new Error(`${label} at 200 % text: ${problems.join('; ')}`);
  } finally {
    await setSize(DEFAULT_FONT_SIZE_PX);
    await cdp.detach();
  }
}
