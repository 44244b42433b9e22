import type { Page } from 'playwright-core';

/** What has the keyboard focus: its name as a user would hear it, and whether it shows that it has it. */
export interface Focused {
  /** `button "Inloggen"`, `textbox "Postcode"`, `body` when the focus is lost. */
  name: string;
  /** The focus is drawn: an outline or a box shadow of at least 2 px, or the element is not a control. */
  visible: boolean;
}

/** The focused element, named by its role and label (aria-label, its label elements or its text). */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { name: 'body', visible: false };
    const html = element as HTMLElement;
    const labelled = element.getAttribute('aria-labelledby');
    const labelText = (element as HTMLInputElement).labels?.[0]?.textContent;
    const text =
      element.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled.split(' ')[0])?.textContent : null) ??
      labelText ??
      html.innerText ??
      '';
    const tag = element.tagName.toLowerCase();
    const roles: Record<string, string> = {
      a: 'link',
      button: 'button',
      select: 'combobox',
      textarea: 'textbox',
      input: 'textbox',
      main: 'main',
    };
    const role = element.getAttribute('role') ?? (/^h[1-6]$/.test(tag) ? 'heading' : (roles[tag] ?? tag));
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none';
    // Headings and regions that take the focus to be read from are not controls: they need no ring.
    const control = html.tabIndex >= 0;
    return {
      name: `${role} "${text.replace(/\s+/g, ' ').trim()}"`,
      visible: !control || ((outline || shadow) && element.matches(':focus-visible')),
    };
  });
}

/**
 * Presses Tab (or Shift+Tab, backwards) until the focused element's name matches `target`; gives the names passed on the way,
 * the target included. Fails when the focus is lost or not drawn on the way, or after `limit` presses.
 */
export async function tabTo(
  page: Page,
  target: string | RegExp,
  limit = 40,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<string[]> {
  const passed: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    passed.push(now.name);
    if (now.name === 'body') throw new Error(`Tab lost the focus after ${passed.join(' → ')}`);
    if (!now.visible) throw new Error(`${now.name} has the focus but does not show it (after ${passed.join(' → ')})`);
    if (typeof target === 'string' ? now.name === target : target.test(now.name)) return passed;
  }
  throw new Error(`${String(target)} not reached in ${limit} Tabs: ${passed.join(' → ')}`);
}
