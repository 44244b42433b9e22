import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../server/audit/order-event.entity.js';
import { OrderEventKind } from '../../server/audit/order-event-kind.js';
import { Country } from '../../server/common/locale.js';
import { OrderCall } from '../../server/informed/order-call.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Monday 23 November 2026, 19:00: Tuesday's windows are shown; the evening-before calls are due. */
const NOW = new Date('2026-11-23T19:00:00+01:00');
const CREATED = new Date('2026-11-10T09:00:00+01:00');
const [DUTCH, FRENCH] = SITES;

describe('the call list, worked by two dispatchers (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let riaToken: string;
  let greetToken: string;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW.toISOString() });
    await withDatabase(app, async (em) => {
      const jan = await createTechnician(em, { firstname: 'Jan', lastname: 'de Vries', personalNumber: 'N5001' });
      const luc = await createTechnician(em, {
        firstname: 'Luc',
        lastname: 'Peeters',
        personalNumber: 'N5002',
        country: Country.BE,
      });
      const tuesday = (hour: number) => new Date(`2026-11-24T${String(hour).padStart(2, '0')}:00:00+01:00`);
      for (const [name, reference, hour, zipcode] of [
        ['Anna Jansen', 'CL-ANNA', 8, '1234 AB'],
        ['Bram de Boer', 'CL-BRAM', 11, '5678 CD'],
        ['Cor Smit', 'CL-COR', 13, '3511 CD'],
      ] as const) {
        await createOrder(em, {
          name,
          referenceNumber: reference,
          zipcode,
          technician: jan,
          createdAt: CREATED,
          appointment: tuesday(hour),
        });
      }
      await createOrder(em, {
        name: 'Marie Lambert',
        referenceNumber: 'CL-MARIE',
        country: Country.BE,
        zipcode: '1000',
        phone: '0470 11 22 33',
        technician: luc,
        createdAt: CREATED,
        appointment: tuesday(9),
      });
      const tokens = appTokens(app);
      riaToken = tokens.signAdmin(await createAdmin(em, { firstname: 'Ria', lastname: 'Beheer' }));
      greetToken = tokens.signAdmin(await createAdmin(em, { firstname: 'Greet', lastname: 'Jansen' }));
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("marks a row voicemail with a note, and a colleague's open list shows it without reloading", async () => {
    const ria = await openOnSite(browser, app, DUTCH, '/admin/call-list', { storage: { adminToken: riaToken } });
    const greet = await openOnSite(browser, app, DUTCH, '/admin/call-list', { storage: { adminToken: greetToken } });
    for (const { page } of [ria, greet]) await page.locator('.call-list tbody tr').nth(2).waitFor();
    const rows = (page: typeof ria.page) => page.locator('.call-list tbody tr');
    expect(await rows(ria.page).allInnerTexts()).toEqual([
      expect.stringContaining('Anna Jansen'),
      expect.stringContaining('Bram de Boer'),
      expect.stringContaining('Cor Smit'),
    ]);
    const counts = ria.page.getByRole('navigation', { name: 'Filter op belstatus' });
    expect(await counts.innerText()).toMatch(/Alle\s*3\s*Nog niet gebeld\s*3\s*Bereikt\s*0/);
    let greetReloads = 0;
    greet.page.on('load', () => greetReloads++);

    const anna = rows(ria.page).filter({ hasText: 'Anna Jansen' });
    await anna.getByLabel('Belstatus: Anna Jansen').selectOption('VOICEMAIL');
    await anna.getByLabel('Notitie: Anna Jansen').fill('Ingesproken: graag terugbellen na 20:00');
    await anna.getByRole('button', { name: 'Opslaan: belstatus van Anna Jansen' }).click();
    await ria.page.getByText('Voicemail vastgelegd voor Anna Jansen.').waitFor();
    await anna.getByText(/^Door Ria Beheer, 23-11-2026 19\.\d\d$/).waitFor();

    // The colleague's list follows by itself, within a poll.
    const greetAnna = rows(greet.page).filter({ hasText: 'Anna Jansen' });
    await expect
      .poll(() => greetAnna.getByLabel('Notitie: Anna Jansen').inputValue(), { timeout: 20_000 })
      .toBe('Ingesproken: graag terugbellen na 20:00');
    expect(await greetAnna.getByLabel('Belstatus: Anna Jansen').inputValue()).toBe('VOICEMAIL');
    await greetAnna.getByText(/^Door Ria Beheer, /).waitFor();
    await expect
      .poll(() => greet.page.getByRole('navigation', { name: 'Filter op belstatus' }).innerText())
      .toMatch(/Nog niet gebeld\s*2.*Voicemail\s*1/s);
    expect(greetReloads).toBe(0);

    // Reached is done: the row moves to the end.
    const bram = rows(greet.page).filter({ hasText: 'Bram de Boer' });
    await bram.getByLabel('Belstatus: Bram de Boer').selectOption('REACHED');
    await bram.getByRole('button', { name: 'Opslaan: belstatus van Bram de Boer' }).click();
    await greet.page.getByText('Bereikt vastgelegd voor Bram de Boer.').waitFor();
    await expect
      .poll(() => rows(greet.page).allInnerTexts())
      .toEqual([
        expect.stringContaining('Anna Jansen'),
        expect.stringContaining('Cor Smit'),
        expect.stringContaining('Bram de Boer'),
      ]);
    expect(await rows(greet.page).last().getAttribute('class')).toContain('is-call-done');

    const stored = await withDatabase(app, (em) => em.find(OrderCall, {}, { populate: ['order'] }));
    expect(stored.map((call) => [call.order.referenceNumber, call.status, call.note, call.setByName]).sort()).toEqual([
      ['CL-ANNA', 'VOICEMAIL', 'Ingesproken: graag terugbellen na 20:00', 'Ria Beheer'],
      ['CL-BRAM', 'REACHED', null, 'Greet Jansen'],
    ]);
    const events = await withDatabase(app, (em) => em.count(OrderEvent, { kind: OrderEventKind.CALL_STATUS_SET }));
    expect(events).toBe(2);
    await saveScreenshot(greet.page, 'call-list');
    await expectNoAxeViolations(greet.page, 'call-list-worked-nl');

    // The status filter is in the URL; the reference opens the order, where the history shows the call.
    await ria.page.getByRole('link', { name: /^Voicemail\s*1$/ }).click();
    await ria.page.waitForURL('**/admin/call-list?status=VOICEMAIL');
    await expect.poll(() => rows(ria.page).count()).toBe(1);
    await ria.page.reload();
    await expect.poll(() => rows(ria.page).allInnerTexts()).toEqual([expect.stringContaining('Anna Jansen')]);
    await ria.page.getByRole('link', { name: 'CL-ANNA' }).click();
    await ria.page.waitForURL('**/admin/appointment/manage?reference=CL-ANNA');
    await ria.page.getByText('Belstatus vastgelegd').first().waitFor();
    await ria.page.getByText('Ingesproken: graag terugbellen na 20:00').first().waitFor();
    await ria.context.close();
    await greet.context.close();
  });

  it('filters by technician through the URL, and reads in French on the Belgian site', async () => {
    const { page, context } = await openOnSite(browser, app, FRENCH, '/admin/call-list?technician=N5002', {
      storage: { adminToken: riaToken },
    });
    const rows = page.locator('.call-list tbody tr');
    await rows.first().waitFor();
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Marie Lambert')]);
    expect(await page.getByLabel(textOf(FRENCH, 'admin.callList.technician'), { exact: true }).inputValue()).toBe(
      'N5002',
    );
    const marie = rows.first();
    await marie.getByLabel("Résultat de l'appel\u00a0: Marie Lambert").selectOption('WRONG_NUMBER');
    await marie.getByLabel('Note\u00a0: Marie Lambert').fill('x'.repeat(300));
    await marie.getByRole('button', { name: "Enregistrer\u00a0: résultat de l'appel de Marie Lambert" }).click();
    await page.getByText('Mauvais numéro\u00a0: enregistré pour Marie Lambert.').waitFor();
    await expectNoAxeViolations(page, 'call-list-worked-fr');
    await context.close();
  });
});
