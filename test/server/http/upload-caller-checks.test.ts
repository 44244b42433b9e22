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

const technician: Viewer = { role: Role.TECHNICIAN, technicianId: 1, actingAdminId: null, country: Country.NL };
const UPLOADS = 6;

/** A burst of uploads checks its callers (a statement on the pool each) two at a time, not all at once. */
describe('the callers of uploads arriving together', () => {
  let server: Server;
  let url: string;
  let arrived = 0;
  let checking = 0;
  let mostAtOnce = 0;
  const checks: (() => void)[] = [];

  beforeAll(async () => {
    const app = express();
    app.post(
      '/graphql',
      (_req, _res, next) => {
        arrived += 1;
        next();
      },
      graphqlUploads({
        limits: { maxFileSize: 10_000, maxFiles: 1 },
        rolesThatUpload: undefined,
        viewerOf: async () => {
          checking += 1;
          mostAtOnce = Math.max(mostAtOnce, checking);
          await new Promise<void>((resolve) => checks.push(resolve));
          checking -= 1;
          return technician;
        },
        admission: {
          room: new UploadAdmission({ budgetBytes: 1_000_000, waitMs: 60_000, maxWaiting: 10 }),
          roles: new Set(),
        },
      }),
      (req, res) => {
        void (async () => {
          const upload = (req.body as { variables: { file: Upload } }).variables.file;
          let bytes = 0;
          for await (const piece of (await upload.promise).createReadStream()) bytes += (piece as Buffer).length;
          res.json({ data: { addPhoto: bytes } });
        })();
      },
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // A failed run leaves checks waiting: they end with the server.
    for (const release of checks.splice(0)) release();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('checks two at a time and answers every one', async () => {
    const sent = Array.from({ length: UPLOADS }, () =>
      postGraphQLUpload<{ addPhoto: number }>(url, `mutation ($file: Upload!) { addPhoto(file: $file) }`, {}, 'file', {
        name: 'photo.jpg',
        content: new Uint8Array(100),
        type: 'image/jpeg',
      }),
    );
    while (arrived < UPLOADS) await new Promise((resolve) => setTimeout(resolve, 5));
    // Every request has reached the reader, which starts a free check at once: only two have.
    expect(checking).toBe(2);
    let answered = 0;
    const answers = sent.map((answer) => answer.then((result) => ((answered += 1), result)));
    while (answered < UPLOADS) {
      checks.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const answer of await Promise.all(answers)) expect(answer.body.data?.addPhoto).toBe(100);
    expect(mostAtOnce).toBe(2);
  });
});
