import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VisitPhoto, removeOrphanVisitFiles } from '../../../server/visit-records/index.js';
import { instantOf } from '../../../shared/zoned-time.js';
import { runJobNow } from '../../utils/consumer-messages.js';
import { createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startS3Server, type TestS3Server } from '../../utils/s3-server.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';

const ZONE = 'Europe/Amsterdam';
const NOW = instantOf('2026-11-24', 10, 0, ZONE);
const HOUR_MS = 3_600_000;
const ADD_PHOTO = `mutation ($input: AddVisitPhotoInput!, $file: Upload!) { addVisitPhoto(input: $input, file: $file) { id } }`;

async function existsIn(server: TestServer, key: string): Promise<boolean> {
  const file = await server.services.files.get(key);
  file?.body.destroy();
  return file !== null;
}

/** A photo stored the whole way: its files, and the row that names them. */
async function storedPhotoIn(server: TestServer): Promise<VisitPhoto> {
  const technician = await createTechnician(server.em());
  const order = await createOrder(server.em(), { technician, appointment: instantOf('2026-11-24', 11, 0, ZONE) });
  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#357' } })
    .jpeg()
    .toBuffer();
  const { body } = await postGraphQLUpload(
    server.url,
    ADD_PHOTO,
    { input: { orderId: order.id, clientId: randomUUID(), kind: 'OTHER', forConsumer: false } },
    'file',
    { name: 'photo.jpg', content: new Uint8Array(photo), type: 'image/jpeg' },
    { token: tokensFor(server).technician(technician) },
  );
  expect(body.errors).toBeUndefined();
  return server.em().findOneOrFail(VisitPhoto, { order: order.id });
}

const STORAGES = [
  { name: 'PostgreSQL', s3: false },
  { name: 'S3 (s3rver)', s3: true },
] as const;

describe.each(STORAGES)('files an upload left behind, in $name', ({ s3 }) => {
  let server: TestServer;
  let s3Server: TestS3Server | undefined;

  beforeAll(async () => {
    s3Server = s3 ? await startS3Server() : undefined;
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString(), ...s3Server?.env } });
  });
  afterAll(async () => {
    await server?.stop();
    await s3Server?.stop();
  });

  const exists = (key: string) => existsIn(server, key);
  const storedPhoto = () => storedPhotoIn(server);

  it('removes unnamed files once a day old, never a named one or one an upload may still be writing', async () => {
    const named = await storedPhoto();
    // An upload that died between its files and its row, and a signature whose record was never written.
    const orphans = [`visit-photos/${randomUUID()}.jpg`, `visit-signatures/${randomUUID()}.png`];
    for (const key of orphans) await server.services.files.put(key, Buffer.from('left behind'), 'image/jpeg');
    // A file of another kind is not the sweep's.
    await server.services.files.put('elsewhere/keep.txt', Buffer.from('not ours'), 'text/plain');

    // Within the grace period: an upload may still be on its way to its row.
    expect(await removeOrphanVisitFiles(server.services, new Date(Date.now() + 23 * HOUR_MS))).toBe(0);
    for (const key of orphans) expect(await exists(key)).toBe(true);

    expect(await removeOrphanVisitFiles(server.services, new Date(Date.now() + 25 * HOUR_MS))).toBe(2);
    for (const key of orphans) expect(await exists(key)).toBe(false);
    expect(await exists(named.fileKey)).toBe(true);
    expect(await exists(named.thumbnailKey)).toBe(true);
    expect(await exists('elsewhere/keep.txt')).toBe(true);
  });
});

describe('files an upload left behind, swept by the hourly retention job (PostgreSQL)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() } });
  });
  afterAll(async () => server?.stop());

  const exists = (key: string) => existsIn(server, key);

  it('goes by the age the storage wrote', async () => {
    const named = await storedPhotoIn(server);
    const old = `visit-photos/${randomUUID()}.jpg`;
    const fresh = `visit-photos/${randomUUID()}-thumbnail.jpg`;
    for (const key of [old, fresh]) await server.services.files.put(key, Buffer.from('left behind'), 'image/jpeg');
    // Written two days ago, as the named photo's files.
    await server
      .em()
      .getConnection()
      .execute(`update stored_files set created_at = now() - interval '2 days' where key = any(?::text[])`, [
        `{${[old, named.fileKey, named.thumbnailKey].join(',')}}`,
      ]);
    await runJobNow(server, 'visit-files.retention');
    expect(await exists(old)).toBe(false);
    expect(await exists(fresh)).toBe(true);
    expect(await exists(named.fileKey)).toBe(true);
    expect(await exists(named.thumbnailKey)).toBe(true);
  });
});
