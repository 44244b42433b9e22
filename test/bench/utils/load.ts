import { spawn } from 'node:child_process';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  /** Requests per second to hold (for latency at a given rate); unset: as fast as possible. */
  rate?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** Load from autocannon in its own process on loopback, so the load generator does not share our event loop. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const args = [
    'node_modules/autocannon/autocannon.js',
    '--json',
    '--no-progress',
    '-c',
    String(options.connections ?? 10),
    '-d',
    String(options.durationSeconds ?? 10),
    '-m',
    options.method ?? 'GET',
  ];
  if (options.body !== undefined) args.push('-b', options.body);
  for (const [key, value] of Object.entries(options.headers ?? {})) args.push('-H', `${key}=${value}`);
  if (options.rate) args.push('-R', String(options.rate));
  args.push(options.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        total: result.requests.total,
      });
    });
  });
}
