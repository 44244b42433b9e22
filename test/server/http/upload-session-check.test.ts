import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';

const ADD_PHOTO = `mutation ($input: AddVisitPhotoInput!, $file: Upload!) { addVisitPhoto(input: $input, file: $file) { id } }`;
/** The technician's session check (accounts' staff-session statement), by the column only it names. */
const SESSION_CHECK = /as technician_country/;

/**
 * A photo's upload asks who sends it twice: before its body is read (the upload's admission) and for its operation.
 * The session is checked once: a statement on the pool per photo, and twenty arriving at once took the connections
 * the consumers' lookups needed.
 */
describe('a technician’s upload', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ recordQueries: true });
  });
  afterAll(() => server.stop());

  it('checks the session once for its admission and its operation', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: new Date() });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    server.queries.length = 0;

    const { body } = await postGraphQLUpload<{ addVisitPhoto: { id: number } }>(
      server.url,
      ADD_PHOTO,
      { input: { orderId: order.id, clientId: randomUUID(), kind: 'BEFORE', forConsumer: false } },
      'file',
      { name: 'photo.jpg', content: new Uint8Array(photo), type: 'image/jpeg' },
      { token: tokensFor(server).technician(technician) },
    );

    expect(body.errors).toBeUndefined();
    expect(body.data?.addVisitPhoto.id).toBeGreaterThan(0);
    expect(server.queries.filter((sql) => SESSION_CHECK.test(sql))).toHaveLength(1);
  });
});
