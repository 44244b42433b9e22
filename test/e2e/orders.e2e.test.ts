import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDO_SECONDS } from '../../shared/orders.js';
import { addDays, instantOf, localDateOf, weekdayOf } from '../../shared/zoned-time.js';
import { Country } from '../../server/common/locale.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../server/messages/consumer-message.entity.js';
import { MessageSetting } from '../../server/message-settings/message-setting.entity.js';
import { Order } from '../../server/orders/order.entity.js';
import { INCLUDING_DELETED } from '../../server/orders/repository/active-orders.js';
import { Technician } from '../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES } from './utils/sites.js';

const ZONE = 'Europe/Amsterdam';
/** A week ahead: never "before today", whatever time the test runs. */
/** A working day: a Sunday is no day for a visit, and an undo would not move one back there. */
const workingDayFrom = (date: string) => (weekdayOf(date) === 0 ? addDays(date, 1) : date);
const VISIT_DATE = workingDayFrom(addDays(localDateOf(new Date(), ZONE), 7));
/** The working day after it. */
const NEXT_DATE = workingDayFrom(addDays(VISIT_DATE, 1));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('orders screens (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;
  let janId: number;
  let annaId: number;
  let migrateIds: number[];
  let staysId: number;

  beforeAll(async () => {
    app = await startAppProcess();
    browser = await launchBrowser();
    const arranged = await withDatabase(app, async (em) => {
      const admin = await createAdmin(em, { firstname: 'Ria', lastname: 'Beheer' });
      const jan = await createTechnician(em, { firstname: 'Jan', lastname: 'de Vries', personalNumber: 'N10001' });
      const anna = await createTechnician(em, { firstname: 'Anna', lastname: 'Smit', personalNumber: 'N10002' });
      const at = (hour: number) => instantOf(VISIT_DATE, hour, 0, ZONE);
      const first = await createOrder(em, { appointment: at(8), technician: jan, name: 'Klant Een', city: 'Utrecht' });
      const second = await createOrder(em, { appointment: at(11), technician: jan, name: 'Klant Twee' });
      const third = await createOrder(em, { appointment: at(14), technician: jan, name: 'Klant Drie' });
      return { admin, jan, anna, ids: [first.id, second.id, third.id] };
    });
    adminToken = appTokens(app).signAdmin(arranged.admin);
    janId = arranged.jan.id;
    annaId = arranged.anna.id;
    migrateIds = arranged.ids.slice(0, 2);
    staysId = arranged.ids[2];
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const open = async (path: string, viewport?: { width: number; height: number }) => {
    const { page, context } = await browser.newPage(viewport ? { viewport } : {});
    await openWithStorage(page, app, { adminToken }, path);
    return { page, context };
  };

  const orderByReference = (referenceNumber: string) =>
    withDatabase(app, (em) =>
      em.findOne(Order, { referenceNumber }, { populate: ['technician', 'deletedBy'], ...INCLUDING_DELETED }),
    );

  const searchOrder = async (page: Page, reference: string) => {
    await page.getByLabel('Referentienummer').fill(reference);
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await page.getByRole('heading', { name: `Opdracht ${reference}` }).waitFor();
  };

  it('creates an order, showing field problems from the server first', async () => {
    const { page, context } = await open('/admin/appointment/create');
    await page.getByRole('heading', { name: 'Opdracht aanmaken' }).waitFor();
    await expect(page.getByRole('button', { name: 'Uitloggen' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Naam').fill('Anna Jansen');
    await page.getByLabel('E-mail').fill('anna@example.test');
    await page.getByLabel('Plaats').fill('Utrecht');
    await page.getByLabel('Huisnummer').fill('12a');
    await page.getByLabel('Postcode').fill('3511 AB');
    await page.getByLabel('Telefoonnummer').fill('06 12345678');
    await page.getByLabel('Referentienummer').fill('E2E-1');
    await page.getByLabel('Datum').fill(VISIT_DATE);
    await page.getByLabel('Begintijd').selectOption('10');
    await page.getByLabel('Monteur', { exact: true }).selectOption('N10001');
    await page.getByLabel('Speciale opdracht').selectOption({ label: 'Ja' });
    await page.getByRole('button', { name: 'Aanmaken' }).click();

    await page.getByText('Een huisnummer bestaat alleen uit cijfers.').waitFor();
    await expect(page.getByLabel('Huisnummer').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('order-houseNumber');
    expect(await orderByReference('E2E-1')).toBeNull();

    await page.getByLabel('Huisnummer').fill('12');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await page.getByText('Opdracht aangemaakt').waitFor();
    await saveScreenshot(page, 'orders-create');
    const created = await orderByReference('E2E-1');
    expect(created).toMatchObject({ houseNumber: 12, zipcode: '3511AB', special: true, country: 'NL' });
    expect(created?.technician?.id).toBe(janId);
    expect(created?.appointment.toISOString()).toBe(instantOf(VISIT_DATE, 10, 0, ZONE).toISOString());
    await expect(page.getByLabel('Referentienummer').inputValue()).resolves.toBe('');
    await context.close();
  });

  it('finds the order by reference number and gives it another technician', async () => {
    const { page, context } = await open('/admin/appointment/manage');
    await searchOrder(page, 'E2E-1');
    // The order card itself: its history below names the same values.
    const card = page.getByRole('article');
    await card.getByText('Anna Jansen').waitFor();
    await page.getByLabel('Andere monteur').selectOption('N10002');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // The question is in the page and names the change.
    const question = page.getByRole('dialog', { name: 'Opdracht E2E-1 naar een andere monteur?' });
    await question.getByText(/gaat van Jan de Vries naar Anna Smit\.$/).waitFor();
    await expectNoAxeViolations(page, 'order-reassign-dialog');
    await question.getByRole('button', { name: 'Monteur wijzigen' }).click();
    await page.getByText('Opdracht aangepast').waitFor();
    await card.locator('dd', { hasText: 'Anna Smit (N10002)' }).waitFor();
    expect((await orderByReference('E2E-1'))?.technician?.id).toBe(annaId);

    // A slip is undone in place for a few seconds: the order goes back to Jan.
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await page.getByText('Ongedaan gemaakt').waitFor();
    await card.locator('dd', { hasText: 'Jan de Vries (N10001)' }).waitFor();
    expect((await orderByReference('E2E-1'))?.technician?.id).toBe(janId);
    await saveScreenshot(page, 'orders-reassign-undone');
    await context.close();
  });

  it('reschedules the order to another day and window in a dialog, and undoes a slip', async () => {
    const { page, context } = await open('/admin/appointment/manage');
    await searchOrder(page, 'E2E-1');
    const moveToNextDay = async (check: boolean) => {
      await page.getByRole('button', { name: 'Verzetten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Opdracht E2E-1 verzetten' });
      await dialog.getByLabel('Datum').fill(NEXT_DATE);
      await dialog.getByLabel('Begintijd').selectOption('13');
      await dialog.getByText(/^Wordt: .* 13\.00–16\.00, Jan de Vries\.$/).waitFor();
      if (check) {
        await expectNoAxeViolations(page, 'order-reschedule-dialog');
        await saveScreenshot(page, 'orders-reschedule-dialog');
      }
      await dialog.getByRole('button', { name: 'Verzetten' }).click();
      await page.getByText('Opdracht verzet').waitFor();
      expect((await orderByReference('E2E-1'))?.appointment.toISOString()).toBe(
        instantOf(NEXT_DATE, 13, 0, ZONE).toISOString(),
      );
    };
    await moveToNextDay(true);
    // A slip is moved back within the undo's seconds: the consumer hears nothing of either move.
    await page.getByText(/^De opdracht kan terug naar .* 10\.00–13\.00\.$/).waitFor();
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await page.getByText('Ongedaan gemaakt').waitFor();
    expect((await orderByReference('E2E-1'))?.appointment.toISOString()).toBe(
      instantOf(VISIT_DATE, 10, 0, ZONE).toISOString(),
    );
    await moveToNextDay(false);
    await context.close();
  });

  it("corrects the visit address in a dialog; the technician's card and route link show the new one", async () => {
    const today = localDateOf(new Date(), ZONE);
    await withDatabase(app, async (em) => {
      const jan = await em.findOneOrFail(Technician, janId);
      await createOrder(em, {
        referenceNumber: 'ADR-1',
        name: 'Klant Adres',
        zipcode: '1234 AB',
        houseNumber: '10',
        city: 'Utrecht',
        appointment: instantOf(today, 18, 0, ZONE),
        technician: jan,
      });
    });
    const { page, context } = await open('/admin/appointment/manage');
    await searchOrder(page, 'ADR-1');
    await page.getByRole('button', { name: 'Adres wijzigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adres van opdracht ADR-1 wijzigen' });
    await dialog.getByText('Nu: 1234 AB 10, Utrecht.').waitFor();
    // Postcode first, as the address is written; the rules are those of a new order.
    expect(await dialog.getByRole('textbox').first().getAttribute('id')).toMatch(/zipcode$/);
    await dialog.getByLabel('Postcode').fill('1000');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog
      .getByText('Een Nederlandse postcode bestaat uit vier cijfers en twee letters, bijvoorbeeld 1234 AB.')
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/zipcode$/);
    await expectNoAxeViolations(page, 'order-address-dialog-error');
    await dialog.getByLabel('Postcode').fill('3511 cd');
    await dialog.getByLabel('Huisnummer').fill('6');
    await dialog.getByLabel('Toevoeging').fill('a');
    await dialog.getByLabel('Straat').fill('Oudegracht');
    await dialog.getByText('Wordt: Oudegracht 6a, 3511 CD Utrecht.').waitFor();
    await saveScreenshot(page, 'orders-address-dialog');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Adres aangepast').waitFor();
    await page.getByRole('article').getByText('Oudegracht 6a, 3511 CD Utrecht').waitFor();
    await page.getByText('Adres gewijzigd').first().waitFor();
    expect(await orderByReference('ADR-1')).toMatchObject({
      zipcode: '3511CD',
      houseNumber: 6,
      houseNumberAddition: 'a',
      street: 'Oudegracht',
    });
    await context.close();

    const jan = await withDatabase(app, (em) => em.findOneOrFail(Technician, janId));
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openWithStorage(phone.page, app, { accessToken: appTokens(app).signTechnician(jan) }, '/technician/today');
    const route = phone.page.getByRole('link', {
      name: /^Oudegracht 6a, 3511 CD Utrecht: route openen naar Klant Adres/,
    });
    expect(await route.getAttribute('href')).toContain('query=Oudegracht%206a%2C%203511%20CD%20Utrecht');
    await saveScreenshot(phone.page, 'orders-address-technician-card');
    await phone.context.close();
  });

  it("migrates two of a technician's orders to another technician", async () => {
    const { page, context } = await open('/admin/migrate');
    await page.getByRole('heading', { name: 'Opdrachten migreren' }).waitFor();
    await page.getByLabel('Van monteur').selectOption('N10001');
    await page.getByLabel('Datum').fill(VISIT_DATE);
    await page.getByText('Klant Drie').waitFor();
    const migrateButton = page.getByRole('button', { name: 'Migreren' });
    await page.getByLabel(/Klant Een/).check();
    await page.getByLabel(/Klant Twee/).check();
    expect(await migrateButton.isDisabled()).toBe(true);
    await page.getByLabel('Naar monteur').selectOption('N10002');
    expect(await migrateButton.isDisabled()).toBe(false);
    await migrateButton.click();
    await page.getByText('Naar Anna Smit verplaatst: 2').waitFor();
    await page.getByText('Klant Een').waitFor({ state: 'detached' });
    expect(await page.getByText('Klant Drie').isVisible()).toBe(true);
    await saveScreenshot(page, 'orders-migrate');

    const owners = await withDatabase(app, async (em) => {
      const orders = await em.find(Order, { id: { $in: [...migrateIds, staysId] } }, { orderBy: { id: 'asc' } });
      return orders.map((order) => order.technician?.id);
    });
    expect(owners).toEqual([annaId, annaId, janId]);

    await page.getByLabel('Van monteur').selectOption('N10002');
    await page.getByLabel('Datum').fill(addDays(VISIT_DATE, 1));
    await page.getByText('Geen opdrachten gevonden').waitFor();
    await context.close();
  });

  it('deletes an order after confirmation and then shows the deleted notice instead of the actions', async () => {
    const { page, context } = await open('/admin/appointment/manage', { width: 375, height: 800 });
    await searchOrder(page, 'E2E-1');
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const question = page.getByRole('dialog', { name: 'Opdracht E2E-1 verwijderen?' });
    // E2E-1 was never told anything (its day is not published yet), so the dialog says no message goes.
    await question
      .getByText(
        /^Het bezoek bij Anna Jansen op .* 13\.00–16\.00 vervalt\. U kunt de opdracht terugzetten zolang de dag niet voorbij of bevestigd is\. De klant krijgt hierover geen bericht\.$/,
      )
      .waitFor();
    await expectNoAxeViolations(page, 'order-delete-dialog');
    await question.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('Opdracht verwijderd').waitFor();
    expect(nativeDialogs).toEqual([]);
    await page.getByText(/^Deze opdracht is verwijderd op \d\d-\d\d-\d{4} \d{1,2}\.\d\d door Ria Beheer$/).waitFor();
    expect(await page.getByRole('button', { name: 'Verwijderen' }).count()).toBe(0);
    expect(await page.getByLabel('Andere monteur').count()).toBe(0);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    await saveScreenshot(page, 'orders-deleted-phone');
    const deleted = await orderByReference('E2E-1');
    expect(deleted?.deletedAt).not.toBeNull();
    expect(deleted?.deletedByName).toBe('Ria Beheer');

    // Read afresh, the page shows the notice too: the deletion is stored, not just shown.
    await page.reload();
    await page.getByRole('heading', { name: 'Opdracht E2E-1' }).waitFor();
    await page.getByText(/^Deze opdracht is verwijderd op/).waitFor();

    // Its day is ahead and open: it can be restored.
    await page.getByRole('button', { name: 'Terugzetten' }).click();
    await page
      .getByRole('dialog', { name: 'Opdracht E2E-1 terugzetten?' })
      .getByRole('button', { name: 'Terugzetten' })
      .click();
    await page.getByText('Opdracht teruggezet').waitFor();
    expect((await orderByReference('E2E-1'))?.deletedAt).toBeNull();
    await context.close();
  });

  it('says in French that the Belgian customer is told by e-mail and SMS, and leaves the order when cancelled', async () => {
    const [, belgium] = SITES;
    await withDatabase(app, async (em) => {
      // As the migration left it, but stated: whether anything is told depends on these three.
      const updated = await em.nativeUpdate(
        MessageSetting,
        { country: Country.BE },
        { enabled: true, email: true, sms: true },
      );
      expect(updated).toBe(1);
      const luc = await createTechnician(em, {
        firstname: 'Luc',
        lastname: 'Peeters',
        personalNumber: 'B20001',
        country: Country.BE,
      });
      const order = await createOrder(em, {
        referenceNumber: 'BE-DEL-1',
        name: 'Marie Dupont',
        email: 'marie.dupont@example.be',
        phone: '0470 12 34 56',
        zipcode: '1000',
        city: 'Bruxelles',
        country: Country.BE,
        appointment: instantOf(VISIT_DATE, 10, 0, ZONE),
        technician: luc,
      });
      // The window was told on both channels: a delete now is a cancellation to tell on both.
      const sentAt = new Date();
      const told = (channel: MessageChannel, recipient: string) =>
        em.create(ConsumerMessage, {
          order,
          kind: MessageKind.WINDOW,
          channel,
          windowStart: order.appointment,
          windowSeconds: order.duration,
          recipient,
          language: 'fr',
          status: MessageStatus.SENT,
          tries: 1,
          createdAt: sentAt,
          sentAt,
        });
      told(MessageChannel.EMAIL, 'marie.dupont@example.be');
      told(MessageChannel.SMS, '+32470123456');
      await em.flush();
    });

    const { page, context } = await openOnSite(browser, app, belgium, '/admin/appointment/manage', {
      storage: { adminToken },
    });
    await page.getByLabel('Numéro de référence').fill('BE-DEL-1');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('heading', { name: 'Mission BE-DEL-1' }).waitFor();
    const deleteButton = page.getByRole('button', { name: 'Supprimer', exact: true });
    await deleteButton.click();
    const question = page.getByRole('dialog', { name: 'Supprimer la mission BE-DEL-1\u00a0?' });
    const restorable = "Vous pouvez rétablir la mission tant que le jour n'est ni passé ni confirmé.";
    const notice =
      "Le client est prévenu par e-mail et SMS que la visite n'a pas lieu. " +
      `Si vous annulez dans les ${UNDO_SECONDS} secondes, rien ne part.`;
    await question
      .getByText(
        new RegExp(`^La visite chez Marie Dupont le .* est annulée\\. ${escape(restorable)} ${escape(notice)}$`),
      )
      .waitFor();
    await expectNoAxeViolations(page, 'order-delete-dialog-fr-notice');
    await saveScreenshot(page, 'orders-delete-dialog-fr-notice');

    await question.getByRole('button', { name: 'Annuler' }).click();
    await question.waitFor({ state: 'hidden' });
    // The keyboard goes back to where the user was, never to the top of the document.
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await orderByReference('BE-DEL-1')).toMatchObject({ deletedAt: null });
    await context.close();
  });

  it("takes the order's country from the Belgian French site, in French", async () => {
    const { page, context } = await browser.newPage();
    const site = `http://rendezvous.be.example:${app.port}`;
    await page.goto(`${site}/404`);
    await page.evaluate((token) => localStorage.setItem('adminToken', token), adminToken);
    await page.goto(`${site}/admin/appointment/create`);
    await page.getByRole('heading', { name: 'Créer une mission' }).waitFor();
    await expect(page.getByLabel('Pays').inputValue()).resolves.toBe('BE');
    await page.getByRole('button', { name: 'Créer' }).click();
    await page.getByText('Choisissez une date.').waitFor();
    await page.getByLabel('Date').fill(VISIT_DATE);
    await page.getByRole('button', { name: 'Créer' }).click();
    await page.getByText("La mission n'a pas été enregistrée\u00a0: vérifiez les champs signalés.").waitFor();
    expect(await page.getByText('Ce champ est obligatoire.').count()).toBeGreaterThanOrEqual(6);
    await context.close();
  });
});
