import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from '../../../server/common/http/json-answer.js';

/** The raw answer to one request on a fresh connection, its Date header taken out. */
function rawAnswer(port: number, method: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text.replace(/^Date: .*\r\n/m, '')));
    socket.on('error', reject);
  });
}

const VALUES: unknown[] = [
  { message: 'NOT_FOUND' },
  { dataToken: 'a.b.c', windowAvailable: true, text: 'Één «twee» <drie> & vier ✓' },
  [1, 'two', null, { three: [3] }],
  'a bare string',
  42,
  null,
  { nested: { deeper: { list: [] as unknown[] } }, missing: undefined },
];
const STATUSES = [200, 201, 400, 404, 429, 204, 304];

/**
 * The legacy calls' answers are written without express's setters (common/http/json-answer.ts): every answer must
 * be the bytes express's `res.status(status).json(value)` writes.
 */
describe('JSON answers written as express writes them', () => {
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    const app = express();
    app.set('etag', false);
    const pick = (query: Record<string, unknown>) => ({
      value: VALUES[Number(query.value)],
      status: Number(query.status),
    });
    app.all('/express', (req, res) => {
      const { value, status } = pick(req.query);
      if (req.query.typed) res.type('text/plain');
      res.status(status).json(value);
    });
    app.all('/ours', (req, res) => {
      const { value, status } = pick(req.query);
      if (req.query.typed) res.type('text/plain');
      sendJson(res, status, value);
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('writes the same bytes for every value, status and method', async () => {
    let compared = 0;
    for (const method of ['POST', 'GET', 'HEAD']) {
      for (const status of STATUSES) {
        for (const [index] of VALUES.entries()) {
          for (const typed of ['', '&typed=1']) {
            const query = `?value=${index}&status=${status}${typed}`;
            const [ours, theirs] = [
              await rawAnswer(port, method, `/ours${query}`),
              await rawAnswer(port, method, `/express${query}`),
            ];
            expect({ method, query, ours }).toEqual({ method, query, ours: theirs });
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(3 * STATUSES.length * VALUES.length * 2);
  });
});
