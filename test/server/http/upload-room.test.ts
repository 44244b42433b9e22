import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type Upload from 'graphql-upload/Upload.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import type { Viewer } from '../../../server/common/auth/viewer.js';
import { Country } from '../../../server/common/locale.js';
import { graphqlUploads } from '../../../server/common/http/graphql-uploads.js';
import { UploadAdmission } from '../../../server/common/http/upload-admission.js';
import { postGraphQLUpload } from '../../utils/upload.js';

const ADD_PHOTO = `mutation ($file: Upload!) { addPhoto(file: $file) }`;
const FILE_BYTES = 600;
const technician: Viewer = { role: Role.TECHNICIAN, technicianId: 1, actingAdminId: null, country: Country.NL };
const admin: Viewer = { role: Role.ADMIN, adminId: 1 };

/**
 * The multipart reader on a real HTTP server, with a room for one body of the test's size: the operation behind it
 * reads its file and answers once the test lets it, holding its room until then.
 */
describe('room for technicians’ upload bodies', () => {
  let server: Server;
  let url: string;
  const room = new UploadAdmission({ budgetBytes: 1000, waitMs: 300, maxWaiting: 5 });
  const held: (() => void)[] = [];

  beforeAll(async () => {
    const app = express();
    app.post(
      '/graphql',
      graphqlUploads({
        limits: { maxFileSize: 10_000, maxFiles: 1 },
        rolesThatUpload: undefined,
        viewerOf: async (req) => (req.get('authorization') === 'Bearer admin' ? admin : technician),
        admission: { room, roles: new Set([Role.TECHNICIAN]) },
      }),
      (req, res) => {
        void (async () => {
          const upload = (req.body as { variables: { file: Upload } }).variables.file;
          let bytes = 0;
          for await (const piece of (await upload.promise).createReadStream()) bytes += (piece as Buffer).length;
          await new Promise<void>((resolve) => held.push(resolve));
          res.json({ data: { addPhoto: bytes } });
        })();
      },
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const send = (options: { language?: string; token?: string } = {}) =>
    postGraphQLUpload<{ addPhoto: number }>(
      url,
      ADD_PHOTO,
      {},
      'file',
      { name: 'photo.jpg', content: new Uint8Array(FILE_BYTES), type: 'image/jpeg' },
      { headers: { 'accept-language': options.language ?? 'nl' }, token: options.token },
    );
  const waitForHeld = async (count: number) => {
    while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('reads a second body only once the first gave its room back, and refuses one that waited too long', async () => {
    const first = send();
    await waitForHeld(1);
    expect(room.state.reserved).toBeGreaterThan(FILE_BYTES);

    // No room beside the first: this one waits, then is refused as busy in the caller's language.
    const refused = await send({ language: 'fr' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.body.errors?.[0]).toMatchObject({
      extensions: { code: 'UPLOADS_BUSY' },
      message: 'Beaucoup de fichiers arrivent en même temps. Réessayez dans quelques secondes.',
    });

    // One waiting while the first finishes gets its room and is read whole.
    const second = send();
    await expect.poll(() => room.state.waiting).toBe(1);
    held.shift()!();
    expect((await first).body.data).toEqual({ addPhoto: FILE_BYTES });
    await waitForHeld(1);
    held.shift()!();
    expect((await second).body.data).toEqual({ addPhoto: FILE_BYTES });
    await expect.poll(() => room.state).toEqual({ reserved: 0, waiting: 0 });
  });

  it('does not count an office upload, which streams', async () => {
    const first = send();
    await waitForHeld(1);
    const office = send({ token: 'admin' });
    await waitForHeld(2);
    expect(room.state.waiting).toBe(0);
    for (const release of held.splice(0)) release();
    expect((await first).status).toBe(200);
    expect((await office).status).toBe(200);
    await expect.poll(() => room.state).toEqual({ reserved: 0, waiting: 0 });
  });
});
