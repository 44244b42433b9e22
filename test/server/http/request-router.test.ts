import { createServer, type Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressShapedMessages, requestRouter } from '../../../server/common/http/request-router.js';

/**
 * The API's routes run their handlers without express's router (common/http/request-router.ts): matched as express
 * matches them, with express's request and response methods and the router's contract for `next`, errors, throws
 * and rejected promises.
 */
describe('the request router ahead of express', () => {
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
    const handle = requestRouter(
      app,
      [
        {
          method: 'post',
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
        { method: 'post', path: '/passes-error', handlers: [(_req, _res, next) => next(new Error('passed on'))] },
        {
          method: 'post',
          path: '/throws',
          handlers: [
            () => {
              throw new Error('thrown');
            },
          ],
        },
        { method: 'post', path: '/rejects', handlers: [async () => Promise.reject(new Error('rejected'))] },
        { method: 'post', path: '/runs-out', handlers: [(_req, _res, next) => next()] },
        {
          method: 'post',
          path: '/fails-late',
          handlers: [
            (_req, res, next) => {
              res.writeHead(200, { 'content-type': 'text/plain' });
              res.write('partial');
              next(new Error('after the headers'));
            },
          ],
        },
        {
          method: 'get',
          path: '/orders/:id{/:part}',
          handlers: [
            (req, res) => {
              res.json({ way: 'routed', params: req.params, route: (req.route as { path: string }).path });
            },
          ],
        },
        { method: 'all', path: '/any', handlers: [(req, res) => res.json({ way: 'routed', method: req.method })] },
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

  it('answers the spellings express would match, and leaves every other request to express', async () => {
    for (const path of ['/hot/', '/hot?x=1', '/HOT']) {
      const answer = await post(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 201 });
    }
    for (const [method, path] of [
      ['GET', '/hot'],
      ['POST', '/hot/more'],
      ['POST', '/elsewhere'],
      ['POST', '/orders/12'],
    ]) {
      const answer = await fetch(`${url}${path}`, { method });
      expect({ method, path, way: ((await answer.json()) as { way: string }).way }).toEqual({
        method,
        path,
        way: 'express',
      });
    }
  });

  it('gives a route its decoded parameters, answers HEAD by GET and every method by an "all" route', async () => {
    const one = await fetch(`${url}/orders/12%2013?full=1`);
    expect(await one.json()).toEqual({ way: 'routed', params: { id: '12 13' }, route: '/orders/:id{/:part}' });
    const two = await fetch(`${url}/Orders/12/notes/`);
    expect(await two.json()).toEqual({
      way: 'routed',
      params: { id: '12', part: 'notes' },
      route: '/orders/:id{/:part}',
    });
    expect((await fetch(`${url}/orders/12`, { method: 'HEAD' })).status).toBe(200);
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await fetch(`${url}/any?x=1`, { method });
      expect(await answer.json()).toEqual({ way: 'routed', method });
    }
  });

  it("refuses a parameter whose escape is malformed as the caller's error", async () => {
    failures.length = 0;
    const answer = await fetch(`${url}/orders/%E0%A4%A`);
    expect(answer.status).toBe(400);
    expect(failures).toEqual(["Failed to decode param '%E0%A4%A'"]);
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

describe('the request router on a server whose messages are made express-shaped', () => {
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
    const handle = requestRouter(
      app,
      [
        {
          method: 'post',
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

  it("gives a routed request the server's own messages, with express's methods, and express its usual ones", async () => {
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
    // Express switches in its prototypes for the requests it routes itself; the request router keeps the message as made.
    expect(shapes).toEqual([
      { way: 'hot', ownClass: true },
      { way: 'express', ownClass: false },
    ]);
  });
});
