import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileStorage } from '../../common/files/file-storage.js';
import type { Order } from '../../orders/index.js';
import {
  encodePhoto,
  encodeSignature,
  loadSharp,
  VisitPhoto,
  VisitPhotoKind,
  VisitRecord,
} from '../../visit-records/index.js';
import { hashOfKey } from '../../api-clients/index.js';

/** A photo drawn at seed time: a panel of the colour with a few shapes, so the demo needs no image files. */
async function drawnPhoto(background: string, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500">
    <rect width="2000" height="1500" fill="${background}"/>
    <rect x="400" y="350" width="1200" height="800" rx="40" fill="#f4f4f4" stroke="#333" stroke-width="12"/>
    <text x="1000" y="700" font-family="sans-serif" font-size="110" text-anchor="middle" fill="#222">${label}</text>
    <text x="1000" y="880" font-family="monospace" font-size="80" text-anchor="middle" fill="#444">FD 9301 00123</text>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function drawnSignature(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">
    <path d="M30 150 C 80 20, 120 20, 150 120 S 220 190, 260 80 S 340 30, 360 130 S 450 170, 570 60"
      fill="none" stroke="#123" stroke-width="6" stroke-linecap="round"/>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

/**
 * A finished visit recorded on the phone (appliance, parts used and needed, notes, the customer's signature and
 * three photos, one shown to the customer), so its work report opens from its personal link and the follow-up
 * visit's card shows it as "vorige keer". Files go through the configured storage, as an upload's do.
 */
export async function seedDemoVisitRecord(
  em: EntityManager,
  files: FileStorage,
  order: Order,
  signedAt: Date,
): Promise<void> {
  const photos = [
    { kind: VisitPhotoKind.TYPE_PLATE, forConsumer: false, content: await drawnPhoto('#6a7b8c', 'Bosch WAT28400') },
    { kind: VisitPhotoKind.BEFORE, forConsumer: false, content: await drawnPhoto('#8c6a5a', 'Voor / Avant') },
    { kind: VisitPhotoKind.AFTER, forConsumer: true, content: await drawnPhoto('#5a8c6a', 'Na / Après') },
  ];
  for (const [index, photo] of photos.entries()) {
    const encoded = await encodePhoto(photo.content);
    const name = randomUUID();
    const fileKey = `visit-photos/${name}.jpg`;
    const thumbnailKey = `visit-photos/${name}-thumbnail.jpg`;
    await files.put(fileKey, encoded.photo, 'image/jpeg');
    await files.put(thumbnailKey, encoded.thumbnail, 'image/jpeg');
    em.create(VisitPhoto, {
      order,
      clientId: randomUUID(),
      kind: photo.kind,
      forConsumer: photo.forConsumer,
      fileKey,
      thumbnailKey,
      width: encoded.width,
      height: encoded.height,
      createdAt: new Date(signedAt.getTime() - (photos.length - index) * 5 * 60_000),
    });
  }
  const signatureKey = `visit-signatures/${randomUUID()}.png`;
  await files.put(signatureKey, await encodeSignature(await drawnSignature()), 'image/png');
  em.create(VisitRecord, {
    order,
    applianceBrand: 'Bosch',
    applianceModel: 'WAT28400',
    applianceSerialNumber: 'FD 9301 00123',
    partsUsed: [{ name: 'Koolborstels', articleNumber: '00154740', quantity: 2 }],
    partsNeeded: [{ name: 'Verwarmingselement', articleNumber: '00651850', quantity: 1 }],
    officeNote: 'Verwarmingselement besteld; vervolgbezoek inplannen.',
    consumerNote: 'Koolborstels vervangen. Het verwarmingselement is besteld; we komen terug om het te plaatsen.',
    signatureKey,
    signatureClientId: randomUUID(),
    signedAt,
    updatedAt: signedAt,
  });
}

/** The demo integrator's endpoint: `.example` never resolves, so no delivery leaves the machine. */
const DEMO_WEBHOOK_URL = 'https://integrator.example/tijdvak/webhooks';

/**
 * An integrator's application with a webhook endpoint and a few deliveries in its log, one failed. Written after
 * every other demo row (the outbox triggers take changes only while an endpoint is enabled), and each delivery
 * already done or failed: nothing is sent at start. The key is never shown (its hash only); rotate it in the console.
 */
export async function seedDemoIntegrator(
  em: EntityManager,
  now: Date,
  orders: readonly Pick<Order, 'id' | 'referenceNumber' | 'country'>[],
): Promise<void> {
  const prefix = randomBytes(4).toString('hex');
  const [client] = await em.execute<{ id: number }[]>(
    `insert into api_clients (name, scopes, countries, request_budget, cost_budget, created_at)
     values ('Planning Partner (demo)', '{orders:read,visits:read}', '{NL,BE}', 600, 60000, ?) returning id`,
    [new Date(now.getTime() - 3 * 86_400_000).toISOString()],
  );
  await em.execute(`insert into api_client_keys (client_id, prefix, key_hash, created_at) values (?, ?, ?, ?)`, [
    client.id,
    prefix,
    hashOfKey(`tvk_${prefix}_${randomBytes(32).toString('base64url')}`),
    now.toISOString(),
  ]);
  const events = ['order.created', 'order.rescheduled', 'visit.status_changed', 'visit.finished'];
  const [endpoint] = await em.execute<{ id: number }[]>(
    `insert into webhook_endpoints (client_id, url, events, secret, created_at)
     values (?, ?, ?::text[], ?, ?) returning id`,
    [
      client.id,
      DEMO_WEBHOOK_URL,
      `{${events.join(',')}}`,
      `whsec_${randomBytes(24).toString('base64')}`,
      new Date(now.getTime() - 3 * 86_400_000).toISOString(),
    ],
  );
  const deliveries = orders.slice(0, 4).map((order, index) => {
    const at = new Date(now.getTime() - (4 - index) * 3_600_000);
    const failed = index === 2;
    const type = index === 3 ? 'visit.finished' : 'visit.status_changed';
    return [
      endpoint.id,
      `msg_${randomUUID().replaceAll('-', '')}`,
      type,
      order.id,
      JSON.stringify({
        type,
        timestamp: at.toISOString(),
        data: { orderId: order.id, referenceNumber: order.referenceNumber, country: order.country },
      }),
      failed ? 'FAILED' : 'DELIVERED',
      failed ? 9 : 1,
      at.toISOString(),
      new Date(at.getTime() + 86_400_000).toISOString(),
      at.toISOString(),
      at.toISOString(),
      failed ? 503 : 200,
      failed ? 2_004 : 87,
      null,
    ];
  });
  for (const row of deliveries) {
    await em.execute(
      `insert into webhook_deliveries (endpoint_id, message_id, type, order_id, payload, status, attempts,
         next_attempt_at, retry_until, created_at, last_attempt_at, last_status_code, last_duration_ms, last_error)
       values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row,
    );
  }
}
