import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLogger } from '../../../server/common/http/request-logger.js';

function request(id: string): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = '/api/auth/client';
  req.headers = { 'x-request-id': id };
  return { req, res: new ServerResponse(req) };
}

describe('the request logger', () => {
  it('gives each request a log bound to it, made when first read', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const begin = requestLogger(pino({ level: 'info' }, sink));
    const first = request('first-request');
    const second = request('second-request');
    begin(first.req, first.res);
    begin(second.req, second.res);

    expect(first.req.log).toBe(first.req.log);
    second.req.log.warn('from the second');
    first.req.log.warn('from the first');
    expect(lines.map((line) => [(line.req as { id: string }).id, line.msg])).toEqual([
      ['second-request', 'from the second'],
      ['first-request', 'from the first'],
    ]);
  });

  it('gives every request the same getter, so no request gets a hidden class of its own', () => {
    const begin = requestLogger(pino({ level: 'silent' }));
    const first = request('a');
    const second = request('b');
    begin(first.req, first.res);
    begin(second.req, second.res);
    const getter = (req: IncomingMessage): unknown =>
      (Object.getOwnPropertyDescriptor(req, 'log') as { get?: unknown } | undefined)?.get;
    expect(getter(first.req)).toBeTypeOf('function');
    expect(getter(first.req)).toBe(getter(second.req));
  });

  it('writes one line for an answered request and one for a request whose client left first', async () => {
    const lines: { msg: string; id: string; statusCode?: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString()) as { msg: string; req: { id: string }; res?: { statusCode: number } };
        lines.push({ msg: line.msg, id: line.req.id, statusCode: line.res?.statusCode });
        done();
      },
    });
    const begin = requestLogger(pino({ level: 'info' }, sink));
    const arrived: (() => void)[] = [];
    const server = createServer((req, res) => {
      begin(req, res);
      if (req.url === '/answered') res.end('ok');
      else arrived.shift()?.();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      expect(await (await fetch(`${url}/answered`, { headers: { 'x-request-id': 'answered' } })).text()).toBe('ok');
      const leaving = new AbortController();
      const waiting = new Promise<void>((resolve) => arrived.push(resolve));
      const left = fetch(`${url}/left`, { headers: { 'x-request-id': 'left' }, signal: leaving.signal });
      await waiting;
      leaving.abort();
      await expect(left).rejects.toThrow();
      await expect.poll(() => lines.length).toBe(2);
      // Nothing more comes for either request.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lines).toEqual([
        { msg: 'request completed', id: 'answered', statusCode: 200 },
        { msg: 'request aborted', id: 'left', statusCode: 200 },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
