import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { leanRequestLogger } from '../../server/common/http/request-logger.js';

function request(id: string): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = '/api/auth/client';
  req.headers = { 'x-request-id': id };
  return { req, res: new ServerResponse(req) };
}

describe("the lean edge's request logger", () => {
  it('gives each request a log bound to it, made when first read', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const begin = leanRequestLogger(pino({ level: 'info' }, sink));
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
    const begin = leanRequestLogger(pino({ level: 'silent' }));
    const first = request('a');
    const second = request('b');
    begin(first.req, first.res);
    begin(second.req, second.res);
    const getter = (req: IncomingMessage): unknown =>
      (Object.getOwnPropertyDescriptor(req, 'log') as { get?: unknown } | undefined)?.get;
    expect(getter(first.req)).toBeTypeOf('function');
    expect(getter(first.req)).toBe(getter(second.req));
  });
});
