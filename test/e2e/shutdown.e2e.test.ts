import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../server/db/free-port.js';
import { postGraphQL } from '../utils/http.js';
import { serverArgs, serverEnvironment } from './utils/server-command.js';

const ADMIN = { email: 'shutdown@example.test', password: 'a-long-password-1' };

interface Started {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** `npm start`'s server with its own embedded PostgreSQL, as an operator runs it. */
async function startServer(dataDir: string): Promise<Started> {
  const port = await findFreePort();
  const child = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      ...serverEnvironment(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { child, url, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

async function adminToken(url: string): Promise<string> {
  const { body } = await postGraphQL<{ signInAdmin: { adminToken: string } }>(
    url,
    'mutation ($input: SignInInput!) { signInAdmin(input: $input) { adminToken } }',
    { input: ADMIN },
  );
  return body.data!.signInAdmin.adminToken;
}

const CREATE = 'mutation ($input: CreateHolidayInput!) { createHoliday(input: $input) { id } }';
const dateOf = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe('SIGTERM (built server, embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tijdvak-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes in-flight requests, refuses new ones cleanly, half-writes nothing, and exits 0', async () => {
    const first = await startServer(dataDir);
    const token = await adminToken(first.url);

    // One request is mid-body when the signal arrives: it must still be answered.
    const body = JSON.stringify({ query: CREATE, variables: { input: { country: 'NL', date: dateOf(0) } } });
    const socket = connect(Number(new URL(first.url).port), '127.0.0.1');
    await once(socket, 'connect');
    const socketClosed = once(socket, 'close');
    let slowAnswer = '';
    socket.on('data', (chunk: Buffer) => (slowAnswer += chunk.toString()));
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\n` +
        `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    );

    // And a stream of writes keeps coming while the server stops.
    const outcomes: ('created' | 'refused' | 'error')[] = [];
    let stopping = false;
    const load = (async () => {
      for (let n = 1; n < 400 && outcomes.length < 2000; n++) {
        const result = await postGraphQL<{ createHoliday: { id: number } }>(
          first.url,
          CREATE,
          { input: { country: 'BE', date: dateOf(n) } },
          { token },
        ).then(
          (response) => (response.body.data?.createHoliday ? 'created' : 'error'),
          () => 'refused' as const,
        );
        outcomes.push(result);
        if (stopping && result === 'refused') break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    stopping = true;
    first.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body.slice(20));
    await load;
    expect(await first.exited).toBe(0);
    await socketClosed;

    expect(slowAnswer).toMatch(/^HTTP\/1\.1 200/);
    expect(slowAnswer).toContain('"createHoliday":{"id":');
    expect(outcomes).toContain('created');
    expect(outcomes).not.toContain('error');
    // The embedded PostgreSQL stopped with the server.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // Every answered write is there, and nothing else: no write was half done.
    const second = await startServer(dataDir);
    const { body: holidays } = await postGraphQL<{ holidays: { date: string }[] }>(
      second.url,
      '{ holidays { date } }',
      {},
      { token: await adminToken(second.url) },
    );
    const created = outcomes.filter((outcome) => outcome === 'created').length;
    expect(holidays.data!.holidays).toHaveLength(created + 1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
