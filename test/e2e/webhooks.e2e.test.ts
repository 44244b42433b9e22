import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { appTokens, openWithStorage, pageSettled, withDatabase } from './utils/arrange.js';
import { launchBrowser, saveScreenshot, type E2EBrowser } from './utils/browser.js';

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

describe('webhooks of an application (built app in Chromium)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          id: String(request.headers['webhook-id']),
          timestamp: String(request.headers['webhook-timestamp']),
          signature: String(request.headers['webhook-signature']),
          body: Buffer.concat(chunks).toString(),
        });
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    app = await startAppProcess({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_LOOPBACK: 'true' });
    browser = await launchBrowser();
    adminToken = await withDatabase(app, async (em) => appTokens(app).signAdmin(await createAdmin(em)));
    await withDatabase(app, (em) => createTechnician(em, { personalNumber: 'N900' }));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const createOrder = async () => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        query: 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { id } }',
        variables: {
          input: {
            referenceNumber: 'HOOK-E2E-1',
            name: 'Anna Jansen',
            email: 'anna@example.test',
            phone: '06 12345678',
            zipcode: '1234 ab',
            houseNumber: '12',
            city: 'Utrecht',
            appointment: '2027-03-03T08:00:00.000Z',
            duration: 10800,
            technician: 'N900',
            special: false,
          },
        },
      }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    expect(body.errors).toBeUndefined();
  };

  it('subscribes an application, shows the secret once, lists the delivery and redelivers it', async () => {
    const { page, context } = await browser.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await openWithStorage(page, app, { adminToken }, '/admin/applications');
    await pageSettled(page);
    await page.getByLabel('Naam').fill('Webhook Koppeling');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    const key = await page.getByLabel('Sleutel', { exact: true }).inputValue();
    expect(key).toMatch(/^tvk_/);
    await page.getByRole('button', { name: 'Sleutel kopiëren' }).click();
    await page.getByText('De sleutel is gekopieerd.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.getByRole('button', { name: 'Ik heb de sleutel bewaard' }).click();

    await page.getByRole('button', { name: 'Webhooks: Webhook Koppeling' }).click();
    const panelHeading = page.getByRole('heading', { level: 2, name: 'Webhooks van Webhook Koppeling' });
    await expect.poll(() => panelHeading.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.getByLabel('Adres (https)').fill(receiverUrl);
    await page.getByLabel('order.updated', { exact: false }).check();
    await page.getByRole('button', { name: 'Webhook toevoegen' }).click();
    const secretHeading = page.getByRole('heading', { level: 3, name: 'Het ondertekeningsgeheim' });
    await expect.poll(() => secretHeading.evaluate((node) => node === document.activeElement)).toBe(true);
    const secret = await page.getByLabel('Geheim', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page, 'admin-webhooks-secret');
    await page.getByRole('button', { name: 'Ik heb de sleutel bewaard' }).click();
    expect(await page.content()).not.toContain(secret);
    await page.getByText(receiverUrl).waitFor();

    await createOrder();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const verify = (message: Received) =>
      new Webhook(secret).verify(message.body, {
        'webhook-id': message.id,
        'webhook-timestamp': message.timestamp,
        'webhook-signature': message.signature,
      });
    expect(verify(received[0])).toMatchObject({ type: 'order.created' });

    await page.getByRole('button', { name: 'Vernieuwen' }).click();
    const row = page.getByRole('row', { name: /order\.created/ });
    await row.getByText('Bezorgd').waitFor();
    await saveScreenshot(page, 'admin-webhooks');
    await page.getByRole('button', { name: 'Opnieuw versturen: order.created' }).click();
    await page.getByText('De webhook wordt opnieuw verstuurd.').waitFor();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1].id).toBe(received[0].id);
    expect(verify(received[1])).toMatchObject({ type: 'order.created' });
    await expectNoAxeViolations(page, 'admin-webhooks');

    // The same panel in French.
    await openWithStorage(page, app, { adminToken }, '/admin/applications?lang=fr');
    await pageSettled(page);
    await page.getByRole('button', { name: 'Webhooks de Webhook Koppeling' }).click();
    await page.getByRole('heading', { level: 2, name: 'Webhooks de Webhook Koppeling' }).waitFor();
    await page.getByRole('button', { name: 'Actualiser' }).waitFor();
    await page
      .getByRole('row', { name: /order\.created/ })
      .getByText('Remis')
      .waitFor();
    await expectNoAxeViolations(page, 'admin-webhooks-fr');
    await context.close();
  });
});
