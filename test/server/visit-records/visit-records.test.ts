import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { VisitPhoto, VisitRecord, removeExpiredVisitFiles } from '../../../server/visit-records/index.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { VISIT_PHOTOS_MAX } from '../../../shared/visit-records.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startS3Server, type TestS3Server } from '../../utils/s3-server.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload, type UploadFile } from '../../utils/upload.js';

const ZONE = 'Europe/Amsterdam';
const TODAY: LocalDate = '2026-11-24'; // a Tuesday
const NOW = instantOf(TODAY, 10, 0, ZONE);
const DAY_MS = 86_400_000;

const PHOTO_FIELDS = 'id kind forConsumer width height createdAt url thumbnailUrl';
const RECORD_FIELDS = `applianceBrand applianceModel applianceSerialNumber officeNote consumerNote updatedAt signedAt
  partsUsed { name articleNumber quantity } partsNeeded { name articleNumber quantity }
  photos { ${PHOTO_FIELDS} } signature { signedAt url }`;

const ADD_PHOTO = `mutation ($input: AddVisitPhotoInput!, $file: Upload!) { addVisitPhoto(input: $input, file: $file) { ${PHOTO_FIELDS} } }`;
const SIGN = `mutation ($input: SignVisitInput!, $file: Upload!) { signVisit(input: $input, file: $file) { ${RECORD_FIELDS} } }`;
const SAVE = `mutation ($input: SaveVisitRecordInput!) { saveVisitRecord(input: $input) { ${RECORD_FIELDS} } }`;
const TECHNICIAN_RECORD = `query ($orderId: Int!) { technicianVisitRecord(orderId: $orderId) { ${RECORD_FIELDS} } }`;
const CONSUMER_RECORD = `{ consumerVisits { referenceNumber visitRecord { applianceBrand applianceModel consumerNote photos { ${PHOTO_FIELDS} } signature { signedAt url } } } }`;

interface PhotoData {
  id: number;
  kind: string;
  forConsumer: boolean;
  width: number;
  height: number;
  url: string;
  thumbnailUrl: string;
}

interface RecordData {
  applianceBrand: string | null;
  officeNote: string | null;
  consumerNote: string | null;
  signedAt: string | null;
  partsUsed: { name: string; articleNumber: string | null; quantity: number }[];
  photos: PhotoData[];
  signature: { signedAt: string; url: string } | null;
}

type Body = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;

/** A camera's photo: 3000 × 2000, with the maker and a GPS position in its EXIF. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 33/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 18/1 0/1' },
    })
    .toBuffer();
}

const smallPng = (background = '#000') =>
  sharp({ create: { width: 400, height: 200, channels: 4, background } })
    .png()
    .toBuffer();

const jpegFile = (content: Buffer | string, name = 'photo.jpg'): UploadFile => ({
  name,
  content: typeof content === 'string' ? content : new Uint8Array(content),
  type: 'image/jpeg',
});

/** Log lines of the server, to prove that what a record says never reaches them. */
const logLines: string[] = [];
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);

const STORAGES = [
  { name: 'PostgreSQL', s3: false },
  { name: 'S3 (s3rver)', s3: true },
] as const;

describe.each(STORAGES)('visit records with files in $name', ({ s3 }) => {
  let server: TestServer;
  let s3Server: TestS3Server | undefined;

  beforeAll(async () => {
    s3Server = s3 ? await startS3Server() : undefined;
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString(), ...s3Server?.env }, logger });
  });
  afterAll(async () => {
    await server.stop();
    await s3Server?.stop();
  });
  beforeEach(() => server.services.clock.travelTo(NOW));

  const arrange = async (appointment = instantOf(TODAY, 11, 0, ZONE)) => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment });
    return { technician, order, token: tokensFor(server).technician(technician) };
  };

  const addPhoto = (token: string, order: Order, file: UploadFile, input: Record<string, unknown> = {}, headers = {}) =>
    postGraphQLUpload<{ addVisitPhoto: PhotoData }>(
      server.url,
      ADD_PHOTO,
      { input: { orderId: order.id, clientId: randomUUID(), kind: 'TYPE_PLATE', forConsumer: false, ...input } },
      'file',
      file,
      { token, headers },
    );

  const get = (path: string) => fetch(`${server.url}${path}`);
  const bytesOf = async (path: string) => Buffer.from(await (await get(path)).arrayBuffer());
  const photoRows = (order: Order) => server.em().find(VisitPhoto, { order: order.id });

  /** Every stored file's key, whichever storage holds them. */
  const storedCount = async (keys: string[]) =>
    (await Promise.all(keys.map((key) => server.services.files.get(key)))).filter((file) => {
      file?.body.destroy();
      return file !== null;
    }).length;

  it('stores a photo as an upright JPEG of at most 1600 px without its EXIF (GPS included), with a 320 px thumbnail', async () => {
    const { order, token } = await arrange();
    const original = await cameraPhoto();
    expect((await sharp(original).metadata()).exif?.includes('SecretCam')).toBe(true);

    const { body } = await addPhoto(token, order, jpegFile(original), { kind: 'BEFORE', forConsumer: true });
    expect(body.errors).toBeUndefined();
    const photo = body.data!.addVisitPhoto;
    expect(photo).toMatchObject({ kind: 'BEFORE', forConsumer: true, width: 1600, height: 1067 });
    expect(photo.url).toMatch(/^\/visit-files\/[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{43}$/);

    const response = await get(photo.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    const stored = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SecretCam')).toBe(false);
    expect(stored.includes('GPS')).toBe(false);

    const thumbnail = await sharp(await bytesOf(photo.thumbnailUrl)).metadata();
    expect(thumbnail).toMatchObject({ format: 'jpeg', width: 320, height: 213 });

    const events = await server.em().find(OrderEvent, { order: order.id, kind: OrderEventKind.VISIT_PHOTO_ADDED });
    expect(events.map((event) => event.after)).toEqual([{ visitPhoto: 'BEFORE', visitPhotoForConsumer: true }]);
  });

  it('stores a photo sent twice with one client id once, answering the same photo', async () => {
    const { order, token } = await arrange();
    const clientId = randomUUID();
    const file = jpegFile(await smallPng('#00f').then((png) => sharp(png).jpeg().toBuffer()));
    const [first, second] = await Promise.all([
      addPhoto(token, order, file, { clientId }),
      addPhoto(token, order, file, { clientId }),
    ]);
    const third = await addPhoto(token, order, file, { clientId });
    expect(first.body.errors).toBeUndefined();
    const ids = [first, second, third].map(({ body }) => body.data?.addVisitPhoto.id);
    expect(new Set(ids)).toEqual(new Set([first.body.data!.addVisitPhoto.id]));
    const rows = await photoRows(order);
    expect(rows).toHaveLength(1);
    expect(await server.em().count(OrderEvent, { order: order.id, kind: OrderEventKind.VISIT_PHOTO_ADDED })).toBe(1);
    // The loser's files went again: only the stored photo's two are left.
    if (!s3) {
      const [{ count }] = await server
        .em()
        .execute<{ count: number }[]>(
          `select count(*)::int as count from stored_files where key like 'visit-photos/%'`,
        );
      const all = await server.em().count(VisitPhoto, {});
      expect(count).toBe(all * 2);
    }
    expect(await storedCount([rows[0].fileKey, rows[0].thumbnailKey])).toBe(2);
  });

  it('answers a photo sent again with the stored one before its body has arrived', async () => {
    const { order, token } = await arrange();
    const clientId = randomUUID();
    const photo = await smallPng('#0a0').then((png) => sharp(png).jpeg().toBuffer());
    const first = await addPhoto(token, order, jpegFile(photo), { clientId });
    const storedId = first.body.data!.addVisitPhoto.id;

    // A phone that never heard the answer sends the photo again; only its first bytes have arrived so far.
    const boundary = 'tijdvak-resend';
    const operations = JSON.stringify({
      query: ADD_PHOTO,
      variables: { input: { orderId: order.id, clientId, kind: 'TYPE_PLATE', forConsumer: false }, file: null },
    });
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="photo.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n`;
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await once(socket, 'connect');
    let answer = '';
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
        if (answer.includes('"addVisitPhoto"')) resolve();
      }),
    );
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
        `Apollo-Require-Preflight: true\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${head.length + photo.length + 64}\r\n\r\n${head}`,
    );
    socket.write(photo.subarray(0, 100));
    await answered;
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain(`"id":${storedId}`);
    expect(await photoRows(order)).toHaveLength(1);
  });

  it('refuses a file that is not an image, and a cut-off one, storing nothing', async () => {
    const { order, token } = await arrange();
    const text = await addPhoto(token, order, jpegFile('%PDF-1.4 certainly not a photo'));
    expect(codeOf(text.body)).toBe('VISIT_PHOTO_NOT_AN_IMAGE');
    expect(text.body.errors?.[0].message).toMatch(/geen foto/);
    const whole = await cameraPhoto();
    const cut = await addPhoto(
      token,
      order,
      jpegFile(whole.subarray(0, Math.floor(whole.length / 2))),
      {},
      {
        'accept-language': 'fr',
      },
    );
    expect(codeOf(cut.body)).toBe('VISIT_PHOTO_NOT_AN_IMAGE');
    expect(cut.body.errors?.[0].message).toMatch(/n'est pas une photo lisible/);
    expect(await photoRows(order)).toEqual([]);
    expect(await server.em().count(OrderEvent, { order: order.id })).toBe(0);
  });

  it("removes photos and signatures once the retention period is over, keeping the record's text", async () => {
    const { order, token } = await arrange();
    const { body } = await addPhoto(token, order, jpegFile(await cameraPhoto()));
    const photo = body.data!.addVisitPhoto;
    const signed = await postGraphQLUpload<{ signVisit: RecordData }>(
      server.url,
      SIGN,
      { input: { orderId: order.id, clientId: randomUUID() } },
      'file',
      { name: 'signature.png', content: new Uint8Array(await smallPng()), type: 'image/png' },
      { token },
    );
    expect(signed.body.errors).toBeUndefined();
    const save = await server.graphql(
      SAVE,
      { input: { orderId: order.id, applianceBrand: 'Miele', partsUsed: [], partsNeeded: [] } },
      { token },
    );
    expect(save.body.errors).toBeUndefined();
    const [row] = await photoRows(order);
    const record = await server.em().findOneOrFail(VisitRecord, { order: order.id });
    const keys = [row.fileKey, row.thumbnailKey, record.signatureKey!];
    expect(await storedCount(keys)).toBe(3);

    // 180 days after the visit the files stay; the day after they go.
    const visit = instantOf(TODAY, 11, 0, ZONE).getTime();
    await removeExpiredVisitFiles(server.services, new Date(visit + 180 * DAY_MS - 60_000));
    expect(await storedCount(keys)).toBe(3);
    const removed = await removeExpiredVisitFiles(server.services, new Date(visit + 181 * DAY_MS));
    expect(removed).toBeGreaterThanOrEqual(3);
    expect(await storedCount(keys)).toBe(0);
    expect(await photoRows(order)).toEqual([]);
    expect((await get(photo.url)).status).toBe(404);
    const kept = await server.em().findOneOrFail(VisitRecord, { order: order.id });
    expect(kept).toMatchObject({ applianceBrand: 'Miele', signatureKey: null });
    expect(kept.signedAt).not.toBeNull();
  });
});

describe('visit records: the record, the roles and the links', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() }, logger });
  });
  afterAll(() => server.stop());
  beforeEach(() => server.services.clock.travelTo(NOW));

  const arrange = async (appointment = instantOf(TODAY, 11, 0, ZONE)) => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment });
    return { technician, order, token: tokensFor(server).technician(technician) };
  };

  const upload = (mutation: string, token: string | undefined, input: Record<string, unknown>, file: UploadFile) =>
    postGraphQLUpload<{ addVisitPhoto?: PhotoData; signVisit?: RecordData }>(
      server.url,
      mutation,
      { input },
      'file',
      file,
      {
        token,
      },
    );
  const photoInput = (order: Order, extra: Record<string, unknown> = {}) => ({
    orderId: order.id,
    clientId: randomUUID(),
    kind: 'AFTER',
    forConsumer: false,
    ...extra,
  });
  const png = async () => ({ name: 'p.png', content: new Uint8Array(await smallPng()), type: 'image/png' });

  const fullRecord = (order: Order) => ({
    orderId: order.id,
    applianceBrand: '  Bosch ',
    applianceModel: 'WAT28400',
    applianceSerialNumber: 'FD 9301 00123',
    partsUsed: [{ name: 'Koolborstels', articleNumber: '00154740', quantity: 2 }],
    partsNeeded: [{ name: 'Lagerset', quantity: 1 }],
    officeNote: 'Klant wil offerte voor nieuwe machine (kantoor-geheim-4711)',
    consumerNote: 'Niet meer dan 5 kg per was.',
  });

  it('saves the text whole, trimmed, and writes each change to the order history', async () => {
    const { order, token } = await arrange();
    const { body } = await server.graphql<{ saveVisitRecord: RecordData }>(
      SAVE,
      { input: fullRecord(order) },
      { token },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.saveVisitRecord).toMatchObject({
      applianceBrand: 'Bosch',
      partsUsed: [{ name: 'Koolborstels', articleNumber: '00154740', quantity: 2 }],
      consumerNote: 'Niet meer dan 5 kg per was.',
      photos: [],
      signature: null,
    });
    // The same again changes nothing; a cleared note is a change.
    await server.graphql(SAVE, { input: fullRecord(order) }, { token });
    await server.graphql(SAVE, { input: { ...fullRecord(order), officeNote: '' } }, { token });
    const events = await server
      .em()
      .find(OrderEvent, { order: order.id, kind: OrderEventKind.VISIT_RECORD_SAVED }, { orderBy: { id: 'asc' } });
    expect(events).toHaveLength(2);
    expect(events[0].actorType).toBe('TECHNICIAN');
    expect(events[0].after).toMatchObject({
      applianceBrand: 'Bosch',
      partsUsed: '2 × Koolborstels (00154740)',
      partsNeeded: '1 × Lagerset',
    });
    expect(events[1].before).toEqual({ officeNote: fullRecord(order).officeNote });
    expect(events[1].after).toEqual({ officeNote: null });
  });

  it("merges a save made on an out-of-date copy: fields left out stay, lists lose and gain only the copy's changes", async () => {
    const { order, token } = await arrange();
    await server.graphql(SAVE, { input: fullRecord(order) }, { token });
    // Opened offline, the form knew nothing: it sends the note it typed and a part, edited from an empty list.
    const offline = await server.graphql<{ saveVisitRecord: RecordData }>(
      SAVE,
      {
        input: {
          orderId: order.id,
          officeNote: 'Onderdeel besteld',
          partsUsed: [{ name: 'Pomp', articleNumber: 'P-7', quantity: 1 }],
          partsUsedBefore: [],
        },
      },
      { token },
    );
    expect(offline.body.errors).toBeUndefined();
    expect(offline.body.data!.saveVisitRecord).toMatchObject({
      applianceBrand: 'Bosch',
      consumerNote: 'Niet meer dan 5 kg per was.',
      officeNote: 'Onderdeel besteld',
      partsUsed: [
        { name: 'Koolborstels', articleNumber: '00154740', quantity: 2 },
        { name: 'Pomp', articleNumber: 'P-7', quantity: 1 },
      ],
    });
    // A copy that knew the first list: its removal and its changed quantity apply, the pump it never saw stays.
    const stale = await server.graphql<{ saveVisitRecord: RecordData }>(
      SAVE,
      {
        input: {
          orderId: order.id,
          partsUsed: [{ name: 'Deurrubber', quantity: 3 }],
          partsUsedBefore: fullRecord(order).partsUsed,
          partsNeeded: [{ name: 'Lagerset', quantity: 2 }],
          partsNeededBefore: fullRecord(order).partsNeeded,
        },
      },
      { token },
    );
    expect(stale.body.data!.saveVisitRecord).toMatchObject({
      officeNote: 'Onderdeel besteld',
      partsUsed: [
        { name: 'Pomp', articleNumber: 'P-7', quantity: 1 },
        { name: 'Deurrubber', articleNumber: null, quantity: 3 },
      ],
      partsNeeded: [{ name: 'Lagerset', articleNumber: null, quantity: 2 }],
    });
    // A list sent without the list it came from replaces the server's, and the same line is never added twice.
    const whole = await server.graphql<{ saveVisitRecord: RecordData }>(
      SAVE,
      { input: { orderId: order.id, partsUsed: [{ name: 'Pomp', articleNumber: 'P-7', quantity: 1 }] } },
      { token },
    );
    expect(whole.body.data!.saveVisitRecord.partsUsed).toEqual([{ name: 'Pomp', articleNumber: 'P-7', quantity: 1 }]);
    const again = await server.graphql<{ saveVisitRecord: RecordData }>(
      SAVE,
      {
        input: {
          orderId: order.id,
          partsUsed: [{ name: 'Pomp', articleNumber: 'P-7', quantity: 1 }],
          partsUsedBefore: [],
        },
      },
      { token },
    );
    expect(again.body.data!.saveVisitRecord.partsUsed).toHaveLength(1);
  });

  it('refuses a merge that would hold more lines of parts than a record may', async () => {
    const { order, token } = await arrange();
    const lines = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index}`, quantity: 1 }));
    await server.graphql(SAVE, { input: { orderId: order.id, partsUsed: lines('Kantoor', 20) } }, { token });
    const { body } = await server.graphql(
      SAVE,
      { input: { orderId: order.id, partsUsed: lines('Telefoon', 20), partsUsedBefore: [] } },
      { token },
    );
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0].extensions?.fields).toEqual([
      expect.objectContaining({ field: 'partsUsed', message: expect.any(String) }),
    ]);
  });

  it('refuses bad parts and over-long texts naming each field', async () => {
    const { order, token } = await arrange();
    const { body } = await server.graphql(
      SAVE,
      {
        input: {
          ...fullRecord(order),
          applianceBrand: 'x'.repeat(101),
          partsUsed: [{ name: ' ', quantity: 0 }],
        },
      },
      { token },
    );
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    const fields = (body.errors?.[0].extensions?.fields as { field: string }[]).map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(['applianceBrand', 'partsUsed.0.name', 'partsUsed.0.quantity']));
    expect(await server.em().count(VisitRecord, { order: order.id })).toBe(0);
  });

  it('refuses a file over 15 MB, storing nothing', async () => {
    const { order, token } = await arrange();
    async function* sixteenMegabytes() {
      for (let i = 0; i < 16; i++) yield new Uint8Array(1024 * 1024).fill(i);
    }
    const { body } = await upload(ADD_PHOTO, token, photoInput(order), {
      name: 'big.jpg',
      content: sixteenMegabytes(),
      type: 'image/jpeg',
    });
    expect(codeOf(body)).toBe('VISIT_PHOTO_TOO_LARGE');
    expect(body.errors?.[0].message).toContain('15 MB');
    expect(await server.em().count(VisitPhoto, { order: order.id })).toBe(0);
  });

  it(`takes at most ${VISIT_PHOTOS_MAX} photos per visit`, async () => {
    const { order, token } = await arrange();
    const em = server.em();
    for (let i = 0; i < VISIT_PHOTOS_MAX; i++) {
      em.create(VisitPhoto, {
        order: order.id,
        clientId: `earlier-${i}`,
        kind: 'OTHER' as VisitPhoto['kind'],
        fileKey: `visit-photos/earlier-${i}.jpg`,
        thumbnailKey: `visit-photos/earlier-${i}-thumbnail.jpg`,
        width: 1,
        height: 1,
        createdAt: NOW,
      });
    }
    await em.flush();
    const { body } = await upload(ADD_PHOTO, token, photoInput(order), await png());
    expect(codeOf(body)).toBe('VISIT_PHOTOS_TOO_MANY');
    // A retry of one already stored still answers it.
    const again = await upload(ADD_PHOTO, token, photoInput(order, { clientId: 'earlier-3' }), await png());
    expect(again.body.data?.addVisitPhoto?.url).toBeDefined();
  });

  it('lets only the order technician record on the visit day; others, consumers and strangers are refused', async () => {
    const { order, token } = await arrange();
    const other = tokensFor(server).technician(await createTechnician(server.em()));
    const consumer = tokensFor(server).consumer([order]);

    const notYours = await upload(ADD_PHOTO, other, photoInput(order), await png());
    expect(codeOf(notYours.body)).toBe('VISIT_RECORD_NOT_YOURS');
    const unknown = await upload(ADD_PHOTO, token, photoInput(order, { orderId: 999_999 }), await png());
    expect(codeOf(unknown.body)).toBe('VISIT_RECORD_NOT_YOURS');
    const anonymous = await upload(ADD_PHOTO, undefined, photoInput(order), await png());
    expect(codeOf(anonymous.body)).toBe('UNAUTHENTICATED');
    const asConsumer = await upload(ADD_PHOTO, consumer, photoInput(order), await png());
    expect(codeOf(asConsumer.body)).toBe('FORBIDDEN');
    expect((await server.graphql(SAVE, { input: fullRecord(order) }, { token: other })).body).toMatchObject({
      errors: [{ extensions: { code: 'VISIT_RECORD_NOT_YOURS' } }],
    });
    const read = await server.graphql(TECHNICIAN_RECORD, { orderId: order.id }, { token: other });
    expect(codeOf(read.body)).toBe('VISIT_RECORD_NOT_YOURS');

    const tomorrow = await arrange(instantOf('2026-11-25', 9, 0, ZONE));
    const early = await upload(ADD_PHOTO, tomorrow.token, photoInput(tomorrow.order), await png());
    expect(codeOf(early.body)).toBe('VISIT_RECORD_NOT_TODAY');
    expect(early.body.errors?.[0].message).toContain('25-11-2026');
    expect(await server.em().count(VisitPhoto, { order: { $in: [order.id, tomorrow.order.id] } })).toBe(0);
  });

  it('shows the consumer only the photos marked for the consumer and the signature, never the office note', async () => {
    const { order, token } = await arrange();
    await server.graphql(SAVE, { input: fullRecord(order) }, { token });
    const shown = await upload(ADD_PHOTO, token, photoInput(order, { forConsumer: true, kind: 'AFTER' }), await png());
    await upload(ADD_PHOTO, token, photoInput(order, { forConsumer: false, kind: 'TYPE_PLATE' }), await png());
    const jpeg = await sharp(await smallPng())
      .jpeg()
      .toBuffer();
    const notPng = await upload(SIGN, token, { orderId: order.id, clientId: randomUUID() }, jpegFile(jpeg));
    expect(codeOf(notPng.body)).toBe('VISIT_PHOTO_NOT_AN_IMAGE');
    const signed = await upload(SIGN, token, { orderId: order.id, clientId: randomUUID() }, await png());
    expect(signed.body.data?.signVisit?.signature?.url).toMatch(/^\/visit-files\//);

    const consumer = tokensFor(server).consumer([order]);
    const { body } = await server.graphql<{
      consumerVisits: { referenceNumber: string; visitRecord: RecordData | null }[];
    }>(CONSUMER_RECORD, {}, { token: consumer });
    expect(body.errors).toBeUndefined();
    const record = body.data!.consumerVisits.find(
      (visit) => visit.referenceNumber === order.referenceNumber,
    )!.visitRecord!;
    expect(record.consumerNote).toBe('Niet meer dan 5 kg per was.');
    expect(record.photos.map((photo) => photo.id)).toEqual([shown.body.data!.addVisitPhoto!.id]);
    const signature = await fetch(`${server.url}${record.signature!.url}`);
    expect(signature.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await signature.arrayBuffer())).metadata()).format).toBe('png');
    // The office note is not part of what a consumer may ask for.
    const office = await server.graphql('{ consumerVisits { visitRecord { officeNote } } }', {}, { token: consumer });
    expect(office.body.errors).toBeDefined();

    // Another consumer's token does not reach the order; admins read everything.
    const stranger = tokensFor(server).consumer([await createOrder(server.em(), { appointment: NOW })]);
    const theirs = await server.graphql<{ consumerVisits: { referenceNumber: string }[] }>(
      CONSUMER_RECORD,
      {},
      { token: stranger },
    );
    expect(theirs.body.data!.consumerVisits.map((visit) => visit.referenceNumber)).not.toContain(order.referenceNumber);
    const admin = tokensFor(server).admin(await createAdmin(server.em()));
    const asAdmin = await server.graphql<{ orderByReference: { visitRecord: RecordData } }>(
      `query ($reference: String!) { orderByReference(referenceNumber: $reference) { visitRecord { officeNote photos { id } signature { url } } } }`,
      { reference: order.referenceNumber },
      { token: admin },
    );
    expect(asAdmin.body.errors).toBeUndefined();
    expect(asAdmin.body.data!.orderByReference.visitRecord.photos).toHaveLength(2);
  });

  it('removes a photo with its files and its history event; removing it again changes nothing', async () => {
    const { order, token } = await arrange();
    const { body } = await upload(ADD_PHOTO, token, photoInput(order, { forConsumer: true }), await png());
    const photo = body.data!.addVisitPhoto!;
    const remove = () =>
      server.graphql<{ removeVisitPhoto: RecordData | null }>(
        `mutation ($input: RemoveVisitPhotoInput!) { removeVisitPhoto(input: $input) { photos { id } } }`,
        { input: { orderId: order.id, photoId: photo.id } },
        { token },
      );
    const other = tokensFor(server).technician(await createTechnician(server.em()));
    const refused = await server.graphql(
      `mutation ($input: RemoveVisitPhotoInput!) { removeVisitPhoto(input: $input) { updatedAt } }`,
      { input: { orderId: order.id, photoId: photo.id } },
      { token: other },
    );
    expect(codeOf(refused.body)).toBe('VISIT_RECORD_NOT_YOURS');
    const first = await remove();
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.removeVisitPhoto!.photos).toEqual([]);
    expect((await fetch(`${server.url}${photo.url}`)).status).toBe(404);
    expect((await remove()).body.errors).toBeUndefined();
    const events = await server.em().find(OrderEvent, { order: order.id, kind: OrderEventKind.VISIT_PHOTO_REMOVED });
    expect(events.map((event) => event.before)).toEqual([{ visitPhoto: 'AFTER', visitPhotoForConsumer: true }]);
  });

  it('serves a file only by a genuine link that has not expired', async () => {
    const { order, token } = await arrange();
    const { body } = await upload(ADD_PHOTO, token, photoInput(order), await png());
    const url = body.data!.addVisitPhoto!.url;
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    const [, , encoded, expires, mac] = /^\/(visit-files)\/([^.]+)\.(\d+)\.(.+)$/.exec(url)!;
    const later = `/visit-files/${encoded}.${Number(expires) + 3600}.${mac}`;
    expect((await fetch(`${server.url}${later}`)).status).toBe(404);
    const otherKey = Buffer.from('visit-photos/other.jpg').toString('base64url');
    expect((await fetch(`${server.url}/visit-files/${otherKey}.${expires}.${mac}`)).status).toBe(404);
    server.services.clock.travelTo(new Date(NOW.getTime() + 25 * 60_000));
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });

  it('keeps what a record says out of the logs and out of the CSV export', async () => {
    const { order, token } = await arrange();
    await server.graphql(SAVE, { input: fullRecord(order) }, { token });
    const admin = tokensFor(server).admin(await createAdmin(server.em()));
    const csv = await fetch(`${server.url}/api/admin/export?country=NL`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(order.referenceNumber);
    for (const secret of ['kantoor-geheim-4711', 'Koolborstels', 'FD 9301 00123', 'Niet meer dan 5 kg']) {
      expect(text).not.toContain(secret);
      expect(logLines.join('')).not.toContain(secret);
    }
  });
});
