import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../e2e/utils/app-process.js';
import { appTokens, withDatabase } from '../e2e/utils/arrange.js';
import { createOrder, createTechnician } from '../utils/factories.js';
import { cpuMillisecondsOf } from './utils/cpu.js';
import { runLoad, startHeldLoad } from './utils/load.js';
import { MB, samplePeakGrowth } from './utils/memory.js';
import { recordFigures } from './utils/results.js';
import { seedOrders, withPg } from './utils/seed.js';
import { expectTargetsMet } from './utils/targets.js';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
/** Photos uploaded in all, and the technicians sending them at once (each to his own order of the day). */
const PHOTOS = positive('BENCH_VISIT_PHOTOS', 200);
const TECHNICIANS = positive('BENCH_VISIT_PHOTO_TECHNICIANS', 20);
/** Distinct camera photos (a few suffice: each upload is decoded and encoded anew whatever its bytes). */
const DISTINCT_PHOTOS = 4;
const PHOTO_BYTES = { least: 2.5 * MB, most: 3.5 * MB };
const ORDERS = 200_000;
const ADDRESSES = 2_000;
/** Consumers looking up their visit, evenly paced and open loop, during the uploads and in a quiet run. */
const LOOKUPS_PER_SECOND = 40;
const QUIET_SECONDS = 10;
/**
 * The memory growth has a fixed bound. The lookup's p99 during the uploads may be at most 50 ms above the quiet
 * run's: the uploads' decoding takes the cores the lookups share (sharp's threads on this 2-core machine), and 50 ms
 * more on a lookup's slowest hundredth is not something a consumer notices; a ratio alone would fail a quiet p99 of a
 * few ms for a stall of the shared machine.
 */
const TARGET = { memoryMB: 150, p99ExtraMs: 50 };

const ADD_PHOTO = `mutation ($input: AddVisitPhotoInput!, $file: Upload!) { addVisitPhoto(input: $input, file: $file) { id } }`;
const LOOK_UP = `mutation LookUpVisits($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken sign } }`;
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile';

/**
 * A phone camera's photo, 4000 × 3000: random shapes and shading with sensor grain on top, so it compresses as a
 * real photo does (about 3 MB as a JPEG); the quality is adjusted until it lands inside PHOTO_BYTES.
 */
async function cameraPhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const pixels = await sharp(randomBytes(200 * 150 * 3), { raw: { width: 200, height: 150, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = randomBytes(pixels.length);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i] + (grain[i] & 31) - 16));
  let quality = 85;
  for (let attempt = 0; ; attempt++) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if ((jpeg.length >= PHOTO_BYTES.least && jpeg.length <= PHOTO_BYTES.most) || attempt === 6) return jpeg;
    quality += jpeg.length > PHOTO_BYTES.most ? -2 : 2;
  }
}

/**
 * A phone's upload of a photo as the technician's page sends it (a FormData body: its length declared): the multipart
 * request's bytes around the photo built here, the photo's own written as it is. Node's HTTP client, not fetch with
 * a stream: twenty bodies starting at once cost this process a core for a third of a second through fetch's
 * streams, taken from the server the benchmark measures.
 */
async function postPhoto(url: string, technician: { token: string; orderId: number }, photo: Buffer) {
  const boundary = `----tijdvak${randomUUID().replaceAll('-', '')}`;
  const operations = JSON.stringify({
    query: ADD_PHOTO,
    variables: {
      input: { orderId: technician.orderId, clientId: randomUUID(), kind: 'BEFORE', forConsumer: false },
      file: null,
    },
  });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + photo.length + tail.length,
        'apollo-require-preflight': 'true',
        authorization: `Bearer ${technician.token}`,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.write(head);
    request.write(photo);
    request.end(tail);
  });
}

/** Seconds of each stretch of the lookups while the photos go: the worst stretch's p99 counts. */
const WINDOW_SECONDS = 5;
/**
 * Seconds each run of lookups is held before it is measured, on the same connections in the same process: a fresh
 * generator and fresh sockets start cold, which is not the server's doing.
 */
const WARM_UP_SECONDS = 2;
/** The uploads take about 30 s; a run beside them ends with them, at the latest after this. */
const MOST_UPLOAD_SECONDS = 600;

/**
 * Lookups at LOOKUPS_PER_SECOND, evenly paced and open loop, from a process of their own (paced-load.mjs): in this
 * process the twenty senders' bodies would delay the lookups' own timing and charge it to the server.
 */
function lookupLoad(url: string, bodies: string[]) {
  return {
    url: `${url}/graphql`,
    method: 'POST' as const,
    bodies,
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    connections: 10,
    rate: LOOKUPS_PER_SECOND,
    warmUpSeconds: WARM_UP_SECONDS,
  };
}

/**
 * Visit photos: PHOTOS camera photos of about 3 MB, sent by TECHNICIANS technicians at once (each to his own order of
 * the day, one after another, as a phone's queue sends them), through the GraphQL multipart request, to the built
 * server in its own process (PostgreSQL file storage, the default). Measured: the peak growth of the server's resident
 * memory while they upload (after a warm-up upload of each distinct photo, so sharp's first use is not counted), and
 * the consumer lookup's p99 at a steady pace during the uploads against a quiet run of the same pace before them.
 * Size by env: BENCH_VISIT_PHOTOS, BENCH_VISIT_PHOTO_TECHNICIANS.
 */
describe(`${PHOTOS} visit photos from ${TECHNICIANS} technicians at once`, () => {
  let app: AppProcess;
  let photos: Buffer[];
  let lookups: string[];
  let technicians: { token: string; orderId: number }[];

  beforeAll(async () => {
    app = await startAppProcess({
      RATE_LIMIT_LOOKUP_PER_CLIENT: '1000000000/900',
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '1000000000/900',
    });
    await withPg(app.database.url, (client) =>
      client.query(`update message_settings set enabled = false where country in ('NL', 'BE')`),
    );
    await seedOrders(app.database.url, { count: ORDERS });
    lookups = await withPg(app.database.url, async (client) => {
      const { rows } = await client.query<{ zipcode: string; house_number: number }>(
        `select zipcode, house_number from orders where country = 'NL' and appointment > now() + interval '1 day'
         order by md5(reference_number) limit ${ADDRESSES}`,
      );
      return rows.map((row) =>
        JSON.stringify({
          query: LOOK_UP,
          variables: { input: { country: 'NL', zipcode: row.zipcode, houseNumber: String(row.house_number) } },
        }),
      );
    });
    const tokens = appTokens(app);
    // One more technician for the warm-up; every order's visit is now, so today in the server's zone.
    technicians = await withDatabase(app, async (em) => {
      const arranged: { token: string; orderId: number }[] = [];
      for (let i = 0; i <= TECHNICIANS; i++) {
        const technician = await createTechnician(em);
        const order = await createOrder(em, { technician, appointment: new Date() });
        arranged.push({ token: tokens.signTechnician(technician), orderId: order.id });
      }
      return arranged;
    });
    photos = [];
    for (let i = 0; i < DISTINCT_PHOTOS; i++) photos.push(await cameraPhoto());
  }, 600_000);
  afterAll(async () => {
    await app?.stop();
  });

  const upload = async (technician: { token: string; orderId: number }, photo: Buffer) => {
    const { status, body } = await postPhoto(app.url, technician, photo);
    if (status !== 200 || body.includes('"errors"')) throw new Error(`upload: ${status} ${body}`);
  };

  it('keeps the memory growth and the lookup p99 within their targets', async () => {
    const [warmUp, ...senders] = technicians;
    for (const photo of photos) await upload(warmUp, photo);
    const quiet = await runLoad({ ...lookupLoad(app.url, lookups), durationSeconds: QUIET_SECONDS });

    const loadBefore = loadavg()[0];
    // The lookups beside the uploads: warmed up first, then measured from the uploads' start until their end.
    const beside = startHeldLoad({
      ...lookupLoad(app.url, lookups),
      durationSeconds: MOST_UPLOAD_SECONDS,
      windowSeconds: WINDOW_SECONDS,
    });
    await beside.measuring;
    const memory = samplePeakGrowth(app.pid);
    const cpuBefore = cpuMillisecondsOf(app.pid);
    const started = performance.now();
    try {
      await Promise.all(
        senders.map(async (technician, index) => {
          // Photo n goes to technician n % TECHNICIANS: PHOTOS in all.
          for (let n = index; n < PHOTOS; n += senders.length) await upload(technician, photos[n % photos.length]);
        }),
      );
    } finally {
      beside.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    // The server's CPU per photo, the lookups beside included: on a shared machine it moves far less than the times.
    const cpuPerPhoto = (cpuMillisecondsOf(app.pid) - cpuBefore) / PHOTOS;
    const growth = memory.stop();
    const busy = (await beside.result).windows ?? [];

    const stored = await withPg(app.database.url, async (client) => {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from visit_photos where order_id = any($1)`,
        [senders.map((technician) => technician.orderId)],
      );
      return rows[0].count;
    });
    expect(stored).toBe(PHOTOS);

    if (busy.length === 0) throw new Error('the photos went before a stretch of lookups was measured beside them');
    const quietP99 = quiet.p99;
    const busyP99 = Math.max(...busy.map((window) => window.p99));
    const busyP50 = Math.max(...busy.map((window) => window.p50));
    const busyCount = busy.reduce((sum, window) => sum + window.total, 0);
    const sizes = photos.map((photo) => (photo.length / MB).toFixed(1)).join(', ');
    expectTargetsMet(
      recordFigures(`Visit photos: ${PHOTOS} photos of about 3 MB from ${TECHNICIANS} technicians at once`, [
        {
          metric: 'server memory growth during the uploads',
          unit: 'MB',
          ours: growth / MB,
          target: `< ${TARGET.memoryMB} MB`,
          met: growth / MB < TARGET.memoryMB,
          note: `peak resident memory over the start; ${seconds.toFixed(1)} s for all, ${(PHOTOS / seconds).toFixed(1)} photos/s, ${cpuPerPhoto.toFixed(0)} ms of server CPU each (lookups included); 4000 × 3000 JPEGs of ${sizes} MB; PostgreSQL file storage`,
        },
        {
          metric: `lookup p99 during the uploads at ${LOOKUPS_PER_SECOND} lookups/s`,
          unit: 'ms',
          ours: busyP99,
          baseline: quietP99,
          ratio: busyP99 / quietP99,
          target: `≤ quiet p99 + ${TARGET.p99ExtraMs} ms`,
          met: busyP99 <= quietP99 + TARGET.p99ExtraMs,
          note: `the worst of ${busy.length} stretches of ${WINDOW_SECONDS} s during the uploads (one run, held ${WARM_UP_SECONDS} s before them; each stretch's p99 ${busy.map((window) => window.p99.toFixed(0)).join(', ')} ms); baseline: the same pace for ${QUIET_SECONDS} s without them; p50 ${busyP50.toFixed(1)} (worst stretch) against ${quiet.p50.toFixed(1)} ms; ${busyCount} and ${quiet.total} lookups, ${ORDERS.toLocaleString('en')} orders; load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
        },
      ]),
    );
  });
});
