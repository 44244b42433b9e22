import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import type { Order } from '../../server/orders/order.entity.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { postGraphQL } from '../utils/http.js';
import { postGraphQLUpload } from '../utils/upload.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf } from './utils/sites.js';

/** Tuesday 24 November 2026, 10:30: the visits of 08:00 are being finished. */
const NOW = '2026-11-24T10:30:00+01:00';
const EIGHT = new Date('2026-11-24T08:00:00+01:00');
const PHONE = { width: 390, height: 844 };
const [DUTCH, FRENCH] = SITES;

const SAVE = `mutation ($input: SaveVisitRecordInput!) { saveVisitRecord(input: $input) { updatedAt } }`;
const ADD_PHOTO = `mutation ($input: AddVisitPhotoInput!, $file: Upload!) { addVisitPhoto(input: $input, file: $file) { id } }`;
const SIGN = `mutation ($input: SignVisitInput!, $file: Upload!) { signVisit(input: $input, file: $file) { signedAt } }`;
const SET = `mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }`;

describe('the work report: the consumer opens it from the link, the office sees the record (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;
  let adminToken: string;
  const orders: Record<'anna' | 'claire', Order> = {} as Record<'anna' | 'claire', Order>;

  /** The technician records the visit through the API, as the phone sends it, and finishes it. */
  const recordAndFinish = async (order: Order, token: string, consumerNote: string) => {
    const ok = (body: { errors?: unknown }) => expect(body.errors).toBeUndefined();
    ok(
      (
        await postGraphQL(
          app.url,
          SAVE,
          {
            input: {
              orderId: order.id,
              applianceBrand: 'Bosch',
              applianceModel: 'Serie 6',
              partsUsed: [{ name: 'Deurrubber', articleNumber: 'D-12', quantity: 1 }],
              partsNeeded: [{ name: 'Motorborstels', quantity: 2 }],
              officeNote: 'Motor maakt lawaai, borstels bestellen',
              consumerNote,
            },
          },
          { token },
        )
      ).body,
    );
    for (const [forConsumer, background] of [
      [true, '#2a7'],
      [false, '#a72'],
    ] as const) {
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
        .jpeg()
        .toBuffer();
      const { body } = await postGraphQLUpload(
        app.url,
        ADD_PHOTO,
        { input: { orderId: order.id, clientId: randomUUID(), kind: 'AFTER', forConsumer } },
        'file',
        { name: 'photo.jpg', content: new Uint8Array(photo), type: 'image/jpeg' },
        { token },
      );
      ok(body);
    }
    const signature = await sharp({ create: { width: 400, height: 160, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    ok(
      (
        await postGraphQLUpload(
          app.url,
          SIGN,
          { input: { orderId: order.id, clientId: randomUUID() } },
          'file',
          { name: 'signature.png', content: new Uint8Array(signature), type: 'image/png' },
          { token },
        )
      ).body,
    );
    ok(
      (
        await postGraphQL(
          app.url,
          SET,
          { input: { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED', requestId: randomUUID() } },
          { token },
        )
      ).body,
    );
  };

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    const tokens = appTokens(app);
    const technicianTokens: Record<string, string> = {};
    await withDatabase(app, async (em) => {
      for (const [key, country, name] of [
        ['anna', Country.NL, 'Anna Jansen'],
        ['claire', Country.BE, 'Claire Dubois'],
      ] as const) {
        const technician = await createTechnician(em, { country, firstname: 'Ruud', lastname: 'Monteur' });
        technicianTokens[key] = tokens.signTechnician(technician);
        orders[key] = await createOrder(em, {
          name,
          country,
          zipcode: country === Country.BE ? '1000' : '1234 AB',
          technician,
          appointment: EIGHT,
        });
      }
      adminToken = tokens.signAdmin(await createAdmin(em));
    });
    await recordAndFinish(orders.anna, technicianTokens.anna, 'Maak het filter elke maand schoon.');
    await recordAndFinish(orders.claire, technicianTokens.claire, 'Nettoyez le filtre chaque mois.');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const reportPath = (order: Order) => `/v/${personalLinkToken({ jwtSecret: secret }, order)}/werkbon`;

  it.each([
    { site: DUTCH, key: 'anna' as const, note: 'Maak het filter elke maand schoon.', date: 'dinsdag 24 november' },
    { site: FRENCH, key: 'claire' as const, note: 'Nettoyez le filtre chaque mois.', date: 'mardi 24 novembre' },
  ])('shows the report from the link at 390 px in $site.language, photos opening full size', async (each) => {
    const { site } = each;
    const { page, context } = await openOnSite(browser, app, DUTCH, reportPath(orders[each.key]), {
      viewport: PHONE,
    });
    try {
      await page.getByRole('heading', { name: textOf(site, 'consumer.report.title', { date: each.date }) }).waitFor();
      await page.getByText(each.note).waitFor();
      await page.getByText(textOf(site, 'consumer.progress.outcome.REPAIRED')).waitFor();
      await page.getByText('1 × Deurrubber (D-12)').waitFor();
      // What is for the office stays with the office.
      expect(await page.getByText('Motor maakt lawaai').count()).toBe(0);
      expect(await page.getByText('Motorborstels').count()).toBe(0);
      // The signature and the one photo marked for the consumer, loaded through their signed links.
      const signature = page.getByRole('img', { name: textOf(site, 'consumer.report.signature') });
      await expect.poll(() => signature.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      const photoName = textOf(site, 'consumer.report.photo', {
        number: 1,
        kind: textOf(site, 'consumer.report.kind.AFTER'),
      });
      const photo = page.getByRole('link', { name: photoName });
      expect(await page.locator('a[href^="/visit-files/"]').count()).toBe(1);
      await expect
        .poll(() => photo.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await expectNoAxeViolations(page, `visit-report-${site.language}`);
      await expectNoHorizontalScroll(page, `visit-report-${site.language}`);
      // The thumbnail opens the photo full size.
      await photo.click();
      await page.waitForURL('**/visit-files/**');
      await expect.poll(() => page.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0)).toBe(1200);
    } finally {
      await context.close();
    }
  });

  it('says a link that is not ours opens no report, and offers the lookup', async () => {
    const [, fingerprint, mac] = personalLinkToken({ jwtSecret: secret }, orders.anna).split('.');
    const { page, context } = await openOnSite(browser, app, DUTCH, `/v/zz.${fingerprint}.${mac}/werkbon`, {
      viewport: PHONE,
    });
    try {
      await page.getByRole('heading', { name: textOf(DUTCH, 'consumer.report.unavailableTitle') }).waitFor();
      await page.getByText(textOf(DUTCH, 'consumer.report.INVALID')).waitFor();
      await page.getByRole('link', { name: textOf(DUTCH, 'consumer.link.lookUp.NL') }).waitFor();
      await expectNoAxeViolations(page, 'visit-report-unavailable');
    } finally {
      await context.close();
    }
  });

  it('shows the office the whole record on the order page, and the history says who added what', async () => {
    const { page, context } = await openOnSite(
      browser,
      app,
      DUTCH,
      `/admin/appointment/manage?reference=${orders.anna.referenceNumber}`,
      { storage: { adminToken }, viewport: { width: 1280, height: 900 } },
    );
    try {
      const section = page.getByRole('region', { name: textOf(DUTCH, 'admin.visitRecord.title') });
      await section.waitFor();
      await pageSettled(page);
      for (const text of [
        'Bosch Serie 6',
        '1 × Deurrubber (D-12)',
        '2 × Motorborstels',
        'Motor maakt lawaai, borstels bestellen',
        'Maak het filter elke maand schoon.',
      ]) {
        await section.getByText(text).waitFor();
      }
      await section.getByRole('img', { name: textOf(DUTCH, 'admin.visitRecord.signature') }).waitFor();
      // Both photos, the office's own too, each a thumbnail opening the photo full size.
      const photos = section.getByRole('link', { name: /^Foto \d/ });
      expect(await photos.count()).toBe(2);
      for (const href of await photos.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
        const answer = await fetch(`${app.url}${href}`);
        expect(answer.status).toBe(200);
        expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(1200);
      }
      const history = page.getByRole('region', { name: textOf(DUTCH, 'admin.history.title') });
      const byTechnician = textOf(DUTCH, 'admin.history.byTechnician', { name: 'Ruud Monteur' });
      for (const kind of ['VISIT_RECORD_SAVED', 'VISIT_PHOTO_ADDED', 'VISIT_SIGNED'] as const) {
        const event = history
          .getByRole('listitem')
          .filter({ hasText: textOf(DUTCH, `admin.history.kind.${kind}`) })
          .first();
        await event.waitFor();
        await event.getByText(byTechnician).waitFor();
      }
      await expectNoAxeViolations(page, 'order-visit-record');
    } finally {
      await context.close();
    }
  });
});
