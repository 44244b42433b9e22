import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMillisecondsOf } from './cpu.js';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  /** One body for every request, or `bodies`: a list each connection walks through in turn. */
  body?: string;
  bodies?: string[];
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  /** Requests per second to hold, evenly paced and open loop (paced-load.mjs), for latency at a given rate; unset: as fast as possible. */
  rate?: number;
  /** With `rate`: seconds held first on the same connections, in the same process, and left out of the figures. */
  warmUpSeconds?: number;
  /** The server's process: its CPU time (user + system) over the run is divided by the requests answered. */
  serverPid?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency in ms. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
  /**
   * The server's CPU time per answered request in ms (with `serverPid`): steadier than throughput on a machine
   * shared with other work, since a process waiting for a core spends no CPU.
   */
  cpuMsPerRequest?: number;
}

/**
 * Load from autocannon in its own process on loopback (test/bench/utils/load-runner.mjs), so the
 * load generator does not share our event loop. Refuses a run in which any request failed: a fast
 * error is not a served request.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-load-'));
  const file = join(dir, 'options.json');
  writeFileSync(
    file,
    JSON.stringify({ method: 'GET', connections: 10, durationSeconds: 10, ...options, headers: options.headers ?? {} }),
  );
  const cpuBefore = options.serverPid === undefined ? 0 : cpuMillisecondsOf(options.serverPid);
  try {
    const result = await new Promise<LoadResult>((resolve, reject) => {
      const child = spawn(process.execPath, ['test/bench/utils/load-runner.mjs', file], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code) => {
        if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult);
      });
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${options.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    }
    if (options.serverPid !== undefined && result.total > 0) {
      result.cpuMsPerRequest = (cpuMillisecondsOf(options.serverPid) - cpuBefore) / result.total;
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
