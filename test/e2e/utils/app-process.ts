import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../../../server/db/free-port.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { serverArgs, serverEnvironment } from './server-command.js';

export interface AppProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  database: TestDatabase;
  dataDir: string;
  /** The CLOCK_NOW the server was started with, if any. */
  clockNow: Date | undefined;
  /** What the server printed (for diagnosing a failed test). */
  output(): string;
  /** Whether the server process is still running. */
  alive(): boolean;
  /** Ends the process with SIGKILL, as a crash or the kernel's OOM killer would: nothing of it runs any more. */
  kill(): Promise<void>;
  /** Stops the process; drops the database and removes the data directory when this call made them. */
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  /** A database to start on (a restart after a crash); it is left for the caller to drop. */
  database?: TestDatabase;
  /** A data directory to start on (the outbox of the process before); left for the caller to remove. */
  dataDir?: string;
  /** The port to listen on, when the environment must name it (site origins); default a free one. */
  port?: number;
  /** Node options after `npm start`'s own (a benchmark's `--inspect` to read what the heap holds); default none. */
  nodeOptions?: readonly string[];
}

/**
 * The built server (`node <npm start's options> dist/server/main.js`) in its own process, with its own fresh
 * database and data directory, exactly as an operator would run it.
 */
export async function startAppProcess(
  env: Record<string, string> = {},
  options: AppProcessOptions = {},
): Promise<AppProcess> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tijdvak-e2e-'));
  const port = options.port ?? (await findFreePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, serverArgs(options.nodeOptions), {
    env: {
      ...process.env,
      ...serverEnvironment(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      APP_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // A cold start on a busy machine (a CI runner running other jobs) can take tens of seconds.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    pid: child.pid!,
    database,
    dataDir,
    clockNow: env.CLOCK_NOW ? new Date(env.CLOCK_NOW) : undefined,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.database) await database.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
