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
  /** With `rate`: the figures of each stretch of this many seconds of the measured run too (`windows`). */
  windowSeconds?: number;
  /** The server's process: its CPU time (user + system) over the run is divided by the requests answered. */
  serverPid?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency in ms. */
  p50: number;
  p99: number;
  non2xx: number;
  /** 2xx answers carrying GraphQL errors (paced runs only). */
  errorAnswers?: number;
  errors: number;
  timeouts: number;
  total: number;
  /** With `windowSeconds`: each stretch's figures, in order. */
  windows?: { p50: number; p99: number; total: number }[];
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
  return startLoad(options, false).result;
}

export interface HeldLoad {
  /** Resolves when the first measured request is due (after the warm-up). */
  measuring: Promise<void>;
  /** No request is due after now; `result` resolves once those due are answered. */
  stop(): void;
  result: Promise<LoadResult>;
}

/**
 * A held rate (`rate`) until `stop()` is called (at the latest after `durationSeconds`): for load beside work whose
 * length is not known beforehand. Resolves as `runLoad` does, once the requests due by then are answered.
 */
export function startHeldLoad(options: LoadOptions & { rate: number }): HeldLoad {
  return startLoad(options, true);
}

function startLoad(options: LoadOptions, stoppable: boolean): HeldLoad {
  let stop = () => {};
  let measured = () => {};
  const measuring = new Promise<void>((resolve) => (measured = resolve));
  const result = (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tijdvak-load-'));
    try {
      return await runLoadFrom(dir, options, stoppable, (end) => (stop = end), measured);
    } finally {
      measured();
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return { measuring, stop: () => stop(), result };
}

async function runLoadFrom(
  dir: string,
  options: LoadOptions,
  stoppable: boolean,
  onStarted: (stop: () => void) => void,
  onMeasuring: () => void,
): Promise<LoadResult> {
  const file = join(dir, 'options.json');
  writeFileSync(
    file,
    JSON.stringify({
      method: 'GET',
      connections: 10,
      durationSeconds: 10,
      ...options,
      headers: options.headers ?? {},
      untilStdinEnds: stoppable,
    }),
  );
  const cpuBefore = options.serverPid === undefined ? 0 : cpuMillisecondsOf(options.serverPid);
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['test/bench/utils/load-runner.mjs', file], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    onStarted(() => child.stdin.end());
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('measuring\n')) onMeasuring();
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult);
    });
  });
  if (result.non2xx > 0 || result.errors > 0 || (result.errorAnswers ?? 0) > 0) {
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx answers, ${result.errorAnswers ?? 0} with GraphQL errors and ${result.errors} errors under load`,
    );
  }
  if (options.serverPid !== undefined && result.total > 0) {
    result.cpuMsPerRequest = (cpuMillisecondsOf(options.serverPid) - cpuBefore) / result.total;
  }
  return result;
}
