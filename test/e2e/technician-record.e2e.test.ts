import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../server/audit/order-event.entity.js';
import { Country } from '../../server/common/locale.js';
import { instantOf } from '../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, openWithStorage, withDatabase } from './utils/arrange.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

/** Monday 23 November 2026, 09:00 in Amsterdam and Brussels. */
const NOW = '2026-11-23T09:00:00+01:00';
const PHONE = { width: 390, height: 844 };

/** What the technician reads and taps, in each language. */
const SITES = [
  {
    lang: 'nl',
    country: Country.NL,
    zone: 'Europe/Amsterdam',
    query: '',
    arrived: 'Aangekomen',
    finished: 'Afgerond',
    repaired: 'Gerepareerd',
    saveOutcome: 'Opslaan',
    finishedLine: '1 van 1 afgerond',
    toggle: 'Bezoek vastleggen',
    kind: 'Soort foto',
    after: 'Na de reparatie',
    forConsumer: 'Ook aan de klant tonen',
    camera: 'Foto maken',
    gallery: 'Uit galerij kiezen',
    brand: 'Merk',
    model: 'Model',
    serial: 'Serienummer',
    partsUsed: 'Gebruikte onderdelen',
    partsNeeded: 'Nodig voor een vervolgbezoek',
    addPart: 'Onderdeel toevoegen',
    partName: 'Naam',
    partArticle: 'Artikelnummer',
    partQuantity: 'Aantal',
    nameMissing: 'Vul de naam in.',
    officeNote: 'Notitie voor kantoor',
    consumerNote: 'Notitie voor de klant',
    saveRecord: 'Verslag bewaren',
    saved: 'Verslag bewaard.',
    pad: 'Vak voor de handtekening van de klant',
    saveSignature: 'Handtekening bewaren',
    signatureEmpty: 'Het vak is nog leeg: laat de klant eerst tekenen.',
    twoPhotosWait: "2 foto's wachten op verbinding",
    allWait: "2 foto's wachten op verbinding. Het verslag wacht op verbinding. De handtekening wacht op verbinding.",
    typePlate: 'Typeplaatje, foto 1',
    afterPhoto: 'Na de reparatie, foto 1',
  },
  {
    lang: 'fr',
    country: Country.BE,
    zone: 'Europe/Brussels',
    query: '?country=BE&lang=fr',
    arrived: 'Arrivé',
    finished: 'Terminée',
    repaired: 'Réparé',
    saveOutcome: 'Enregistrer',
    finishedLine: '1 sur 1 terminées',
    toggle: 'Enregistrer la visite',
    kind: 'Type de photo',
    after: 'Après la réparation',
    forConsumer: 'Montrer aussi au client',
    camera: 'Prendre une photo',
    gallery: 'Choisir dans la galerie',
    brand: 'Marque',
    model: 'Modèle',
    serial: 'Numéro de série',
    partsUsed: 'Pièces utilisées',
    partsNeeded: 'Nécessaires pour une prochaine visite',
    addPart: 'Ajouter une pièce',
    partName: 'Nom',
    partArticle: 'Référence',
    partQuantity: 'Quantité',
    nameMissing: 'Indiquez le nom.',
    officeNote: 'Note pour le bureau',
    consumerNote: 'Note pour le client',
    saveRecord: 'Enregistrer le rapport',
    saved: 'Rapport enregistré.',
    pad: 'Cadre pour la signature du client',
    saveSignature: 'Enregistrer la signature',
    signatureEmpty: "Le cadre est encore vide\u00a0: faites d'abord signer le client.",
    twoPhotosWait: '2 photos en attente de connexion',
    allWait:
      '2 photos en attente de connexion. Le rapport en attente de connexion. La signature en attente de connexion.',
    typePlate: 'Plaque signalétique, photo 1',
    afterPhoto: 'Après la réparation, photo 1',
  },
] as const;

interface OfficeRecord {
  data?: {
    orderByReference: {
      visitRecord: {
        applianceBrand: string | null;
        applianceModel: string | null;
        applianceSerialNumber: string | null;
        partsUsed: { name: string; articleNumber: string | null; quantity: number }[];
        partsNeeded: { name: string; articleNumber: string | null; quantity: number }[];
        officeNote: string | null;
        consumerNote: string | null;
        photos: { kind: string; forConsumer: boolean; width: number; height: number; url: string }[];
        signature: { url: string } | null;
      } | null;
    };
  };
  errors?: unknown[];
}

describe("the visit record on the technician's phone (built app in Chromium)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  /** A camera's photo: 3000 × 2000 pixels of noise, a few megabytes as JPEG. */
  let cameraPhoto: Buffer;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
    cameraPhoto = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const officeRecord = async (referenceNumber: string): Promise<OfficeRecord> => {
    const admin = await withDatabase(app, (em) => createAdmin(em));
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${appTokens(app).signAdmin(admin)}` },
      body: JSON.stringify({
        query: `query ($reference: String!) { orderByReference(referenceNumber: $reference) { visitRecord {
          applianceBrand applianceModel applianceSerialNumber
          partsUsed { name articleNumber quantity } partsNeeded { name articleNumber quantity }
          officeNote consumerNote
          photos { kind forConsumer width height url } signature { url } } } }`,
        variables: { reference: referenceNumber },
      }),
    });
    return (await response.json()) as OfficeRecord;
  };

  const drawSignature = async (page: Page, pad: string) => {
    const box = await page.getByRole('img', { name: pad }).boundingBox();
    if (!box) throw new Error('no signature pad');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 === 0 ? -30 : 30));
    }
    await page.mouse.up();
  };

  for (const site of SITES) {
    it(`records photos, parts and a signature in a dead spot and sends each once when the network returns (${site.lang})`, async () => {
      const { technician, order } = await withDatabase(app, async (em) => {
        const technician = await createTechnician(em, { firstname: 'Ruud', country: site.country });
        const order = await createOrder(em, {
          technician,
          country: site.country,
          appointment: instantOf('2026-11-23', 10, 0, site.zone),
          name: 'Anna Jansen',
          zipcode: site.country === Country.BE ? '1000' : '3511 CD',
        });
        return { technician, order };
      });
      const { page, context } = await browser.newPage({ viewport: PHONE });
      // Uploads are the only multipart requests: counted to see that nothing leaves in the dead spot.
      let uploads = 0;
      page.on('requestfinished', (request) => {
        if (request.headers()['apollo-require-preflight'] === 'true') uploads++;
      });
      await openWithStorage(
        page,
        app,
        { accessToken: appTokens(app).signTechnician(technician) },
        `/technician/today${site.query}`,
      );
      const card = page.locator('li.visit-card').filter({ has: page.locator('h2', { hasText: 'Anna Jansen' }) });
      await card.waitFor();

      // In a dead spot from here: the visit is finished and recorded on the phone only.
      await context.setOffline(true);
      await card.getByRole('button', { name: site.arrived, exact: true }).click();
      await card.getByRole('button', { name: site.finished, exact: true }).click();
      await card.getByLabel(site.repaired).check();
      await card.getByRole('button', { name: site.saveOutcome, exact: true }).click();
      // The finished visit folds away; it opens again to record it.
      await page.getByRole('button', { name: site.finishedLine }).click();
      await card.getByRole('button', { name: site.toggle }).click();

      await card
        .getByLabel(site.camera)
        .setInputFiles({ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: cameraPhoto });
      await card.getByLabel(site.kind).selectOption({ label: site.after });
      await card.getByLabel(site.forConsumer).check();
      await card
        .getByLabel(site.gallery)
        .setInputFiles({ name: 'after.jpg', mimeType: 'image/jpeg', buffer: cameraPhoto });
      await card.getByRole('status').filter({ hasText: site.twoPhotosWait }).waitFor();
      await card.getByRole('img', { name: site.typePlate }).waitFor();
      await card.getByRole('img', { name: site.afterPhoto }).waitFor();
      // The waiting photos show from the phone.
      await expect
        .poll(() =>
          card
            .locator('img.visit-photo-image')
            .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
        )
        .toEqual([1600, 1600]);

      await card.getByLabel(site.brand).fill('Miele');
      await card.getByLabel(site.model).fill('WDB 030');
      await card.getByLabel(site.serial).fill('SN 4711');
      const used = card.getByRole('group', { name: site.partsUsed });
      await card.getByRole('button', { name: `${site.addPart}: ${site.partsUsed}` }).click();
      // The new line's name takes the keyboard.
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-name'))).toBe(true);
      await used.getByLabel(site.partName).fill('Afvoerpomp');
      await used.getByLabel(site.partArticle).fill('P-100');
      await used.getByLabel(site.partQuantity).fill('2');
      const needed = card.getByRole('group', { name: site.partsNeeded });
      await card.getByRole('button', { name: `${site.addPart}: ${site.partsNeeded}` }).click();
      await needed.getByLabel(site.partArticle).fill('D-7');
      await card.getByRole('button', { name: site.saveRecord }).click();
      // Checked on the phone, in the technician's language, before anything waits.
      await needed.getByText(site.nameMissing).waitFor();
      expect(await needed.getByLabel(site.partName).evaluate((input) => input === document.activeElement)).toBe(true);
      await needed.getByLabel(site.partName).fill('Deurrubber');
      await card.getByLabel(site.officeNote).fill('Deurrubber bestellen');
      await card.getByLabel(site.consumerNote).fill('Pomp vervangen');
      await card.getByRole('button', { name: site.saveRecord }).click();
      await card.getByText(site.saved).waitFor();

      await card.getByRole('button', { name: site.saveSignature }).click();
      await card.getByText(site.signatureEmpty).waitFor();
      await drawSignature(page, site.pad);
      await card.getByRole('button', { name: site.saveSignature }).click();
      await card.getByRole('status').filter({ hasText: site.allWait }).waitFor();
      // They wait in IndexedDB, not in this page's memory; the photos made smaller on the phone, as JPEG.
      const stored = await page.evaluate(
        () =>
          new Promise<{ kind: string; width?: number; height?: number; type?: string; bytes?: number }[]>(
            (resolve, reject) => {
              const open = indexedDB.open('tijdvak-technician');
              open.onerror = () => reject(new Error('no database'));
              open.onsuccess = () => {
                const all = open.result.transaction('record-items').objectStore('record-items').getAll();
                all.onsuccess = () => {
                  const items = all.result as { kind: string; file?: Blob }[];
                  void Promise.all(
                    items.map(async ({ kind, file }) => {
                      if (kind !== 'photo' || !file) return { kind };
                      const bitmap = await createImageBitmap(file);
                      return { kind, width: bitmap.width, height: bitmap.height, type: file.type, bytes: file.size };
                    }),
                  ).then(resolve, reject);
                };
              };
            },
          ),
      );
      expect(stored.map(({ kind, width, height, type }) => ({ kind, width, height, type }))).toEqual([
        { kind: 'photo', width: 1600, height: 1067, type: 'image/jpeg' },
        { kind: 'photo', width: 1600, height: 1067, type: 'image/jpeg' },
        { kind: 'record' },
        { kind: 'signature' },
      ]);
      for (const { bytes } of stored) if (bytes !== undefined) expect(bytes).toBeLessThan(cameraPhoto.length / 2);
      expect(uploads).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page, `technician-record-waiting-${site.lang}`);
      await saveScreenshot(page, `technician-record-waiting-${site.lang}`);

      // The network returns: the taps go first, then the record, each once.
      await context.setOffline(false);
      await expect.poll(() => card.locator('.visit-record-waiting').textContent(), { timeout: 30_000 }).toBe('');
      await card.getByRole('img', { name: site.typePlate }).waitFor();
      // Now from the server: its thumbnails.
      await expect
        .poll(() =>
          card
            .locator('img.visit-photo-image')
            .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
        )
        .toEqual([320, 320]);
      // Two photos and the signature, once each.
      expect(uploads).toBe(3);
      await expectNoAxeViolations(page, `technician-record-sent-${site.lang}`);
      await context.close();

      // The office sees what was recorded.
      const { data, errors } = await officeRecord(order.referenceNumber);
      expect(errors).toBeUndefined();
      const record = data?.orderByReference.visitRecord;
      expect(record).toMatchObject({
        applianceBrand: 'Miele',
        applianceModel: 'WDB 030',
        applianceSerialNumber: 'SN 4711',
        partsUsed: [{ name: 'Afvoerpomp', articleNumber: 'P-100', quantity: 2 }],
        partsNeeded: [{ name: 'Deurrubber', articleNumber: 'D-7', quantity: 1 }],
        officeNote: 'Deurrubber bestellen',
        consumerNote: 'Pomp vervangen',
      });
      expect(record?.photos.map(({ kind, forConsumer, width }) => ({ kind, forConsumer, width }))).toEqual([
        { kind: 'TYPE_PLATE', forConsumer: false, width: 1600 },
        { kind: 'AFTER', forConsumer: true, width: 1600 },
      ]);
      const signature = await fetch(`${app.url}${record?.signature?.url ?? '/missing'}`);
      expect(signature.status).toBe(200);
      expect(signature.headers.get('content-type')).toBe('image/png');
      const photo = await fetch(`${app.url}${record?.photos[0].url ?? '/missing'}`);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      // In the order's history once each, after the visit's own steps.
      const kinds = await withDatabase(app, async (em) =>
        (await em.find(OrderEvent, { order: order.id }, { orderBy: { id: 'asc' } })).map((event) => event.kind),
      );
      expect(kinds).toEqual([
        'VISIT_ARRIVED',
        'VISIT_FINISHED',
        'VISIT_PHOTO_ADDED',
        'VISIT_PHOTO_ADDED',
        'VISIT_RECORD_SAVED',
        'VISIT_SIGNED',
      ]);
    }, 150_000);
  }
  it("keeps the server's text when the record is first opened in a dead spot: only what was typed there is sent", async () => {
    const site = SITES[0];
    const { technician, order } = await withDatabase(app, async (em) => {
      const technician = await createTechnician(em, { firstname: 'Sanne', country: site.country });
      const order = await createOrder(em, {
        technician,
        country: site.country,
        appointment: instantOf('2026-11-23', 11, 0, site.zone),
        name: 'Bram de Vries',
      });
      return { technician, order };
    });
    const token = appTokens(app).signTechnician(technician);
    // Recorded earlier, on another phone or before the page was opened again.
    const earlier = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: `mutation ($input: SaveVisitRecordInput!) { saveVisitRecord(input: $input) { updatedAt } }`,
        variables: {
          input: {
            orderId: order.id,
            applianceBrand: 'Bosch',
            partsUsed: [{ name: 'Koolborstels', quantity: 2 }],
            partsNeeded: [],
            officeNote: 'Klant vraagt offerte',
            consumerNote: 'Niet overbeladen',
          },
        },
      }),
    });
    expect(((await earlier.json()) as { errors?: unknown }).errors).toBeUndefined();

    const { page, context } = await browser.newPage({ viewport: PHONE });
    await openWithStorage(page, app, { accessToken: token }, `/technician/today${site.query}`);
    const card = page.locator('li.visit-card').filter({ has: page.locator('h2', { hasText: 'Bram de Vries' }) });
    await card.waitFor();
    await context.setOffline(true);
    await card.getByRole('button', { name: site.toggle }).click();
    // The server's record could not be read: the form starts empty.
    await expect.poll(() => card.getByLabel(site.brand).inputValue()).toBe('');
    await card.getByLabel(site.serial).fill('SN 99');
    await card.getByRole('button', { name: `${site.addPart}: ${site.partsUsed}` }).click();
    await card.getByRole('group', { name: site.partsUsed }).getByLabel(site.partName).fill('Afvoerpomp');
    await card.getByRole('button', { name: site.saveRecord }).click();
    await card.getByText(site.saved).waitFor();
    await context.setOffline(false);
    await expect.poll(() => card.locator('.visit-record-waiting').textContent(), { timeout: 30_000 }).toBe('');
    await context.close();

    const { data } = await officeRecord(order.referenceNumber);
    expect(data?.orderByReference.visitRecord).toMatchObject({
      applianceBrand: 'Bosch',
      applianceSerialNumber: 'SN 99',
      partsUsed: [
        { name: 'Koolborstels', articleNumber: null, quantity: 2 },
        { name: 'Afvoerpomp', articleNumber: null, quantity: 1 },
      ],
      officeNote: 'Klant vraagt offerte',
      consumerNote: 'Niet overbeladen',
    });
  }, 90_000);
});
