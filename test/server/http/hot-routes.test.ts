import { createServer, type Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressShapedMessages, hotRoutes } from '../../../server/common/http/hot-routes.js';

/**
 * The busiest POSTs run their handlers ahead of express's router (common/http/hot-routes.ts): with express's
 * request and response methods and the router's contract for `next`, errors, throws and rejected promises.
 */
describe('hot routes ahead of express', () => {
  let server: Server;
  let url: string;
  const failures: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.post('/hot', (_req, res) => res.json({ way: 'express' }));
    app.all('/{*rest}', (req, res) => res.json({ way: 'express', url: req.originalUrl }));
    const onError: ErrorRequestHandler = (error: Error & { status?: number }, _req, res, next) => {
      failures.push(error.message);
      if (error.message === 'after the headers') return next(error);
      res.status(error.status ?? 500).json({ failed: error.message });
    };
    const handle = hotRoutes(
      app,
      [
        {
          path: '/hot',
          handlers: [
            express.json(),
            (req, res, next) => {
              res.set('x-step', 'first');
              next();
            },
            (req, res) => {
              res.status(201).json({
                way: 'hot',
                body: req.body as unknown,
                type: req.get('content-type'),
                route: (req.route as { path: string }).path,
              });
            },
          ],
        },
        { path: '/passes-error', handlers: [(_req, _res, next) => next(new Error('passed on'))] },
        {
          path: '/throws',
          handlers: [
            () => {
              throw new Error('thrown');
            },
          ],
        },
        { path: '/rejects', handlers: [async () => Promise.reject(new Error('rejected'))] },
        { path: '/runs-out', handlers: [(_req, _res, next) => next()] },
        {
          path: '/fails-late',
          handlers: [
            (_req, res, next) => {
              res.writeHead(200, { 'content-type': 'text/plain' });
              res.write('partial');
              next(new Error('after the headers'));
            },
          ],
        },
      ],
      onError,
    );
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (path: string, body = '{"a":1}') =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it("runs a POST to the exact path through its handlers in turn, with express's methods", async () => {
    const answer = await post('/hot');
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-step')).toBe('first');
    expect(await answer.json()).toEqual({ way: 'hot', body: { a: 1 }, type: 'application/json', route: '/hot' });
  });

  it('leaves every other request to express', async () => {
    for (const [method, path] of [
      ['GET', '/hot'],
      ['POST', '/hot/'],
      ['POST', '/hot?x=1'],
      ['POST', '/HOT'],
      ['POST', '/elsewhere'],
    ]) {
      const answer = await fetch(`${url}${path}`, { method });
      expect({ method, path, way: ((await answer.json()) as { way: string }).way }).toEqual({
        method,
        path,
        way: 'express',
      });
    }
  });

  it("gives errors passed on, thrown or rejected to the last error handler, as express's router does", async () => {
    failures.length = 0;
    for (const [path, message] of [
      ['/passes-error', 'passed on'],
      ['/throws', 'thrown'],
      ['/rejects', 'rejected'],
    ]) {
      const answer = await post(path);
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({
        path,
        status: 500,
        body: { failed: message },
      });
    }
    const ranOut = await post('/runs-out');
    expect(ranOut.status).toBe(404);
    expect(failures).toEqual(['passed on', 'thrown', 'rejected', 'No handler answered']);
  });

  it('cuts the connection when an error comes after the answer began', async () => {
    await expect(post('/fails-late').then((answer) => answer.text())).rejects.toThrow();
  });
});

describe('hot routes on a server whose messages are made express-shaped', () => {
  let server: Server;
  let url: string;
  const shapes: { way: string; ownClass: boolean }[] = [];

  beforeAll(async () => {
    const messages = expressShapedMessages();
    const app = express();
    const messageClasses = (req: express.Request, res: express.Response) =>
      Object.getPrototypeOf(req) === messages.IncomingMessage.prototype &&
      Object.getPrototypeOf(res) === messages.ServerResponse.prototype;
    app.post('/cold', (req, res) => {
      shapes.push({ way: 'express', ownClass: messageClasses(req, res) });
      res.status(202).json({ way: 'express', type: req.get('content-type') });
    });
    const handle = hotRoutes(
      app,
      [
        {
          path: '/hot',
          handlers: [
            (req, res) => {
              shapes.push({ way: 'hot', ownClass: messageClasses(req, res) });
              res.status(201).json({ way: 'hot', type: req.get('content-type') });
            },
          ],
        },
      ],
      (_error, _req, res) => res.status(500).end(),
    );
    server = createServer(
      { IncomingMessage: messages.IncomingMessage, ServerResponse: messages.ServerResponse },
      handle,
    );
    messages.adopt(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("gives a hot route the server's own messages, with express's methods, and express its usual ones", async () => {
    for (const [path, status, way] of [
      ['/hot', 201, 'hot'],
      ['/cold', 202, 'express'],
    ] as const) {
      const answer = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' } });
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({
        path,
        status,
        body: { way, type: 'text/plain' },
      });
    }
    // Express switches in its prototypes for the requests it routes itself; a hot route keeps the message as made.
    expect(shapes).toEqual([
      { way: 'hot', ownClass: true },
      { way: 'express', ownClass: false },
    ]);
  });
});
