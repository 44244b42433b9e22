import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { findFreePort } from '../../server/db/free-port.js';
import { median, recordFigures } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';
import { serverArgs, serverEnvironment } from '../e2e/utils/server-command.js';

const RUNS = 3;
/**
 * A first start may take a few times what PostgreSQL's own initdb and start take (migrations and demo data come on
 * top); a warm start adds at most a second to PostgreSQL's own start. The warm target is a difference, not a ratio:
 * PostgreSQL alone starts in a tenth of a second, so any ratio would be about noise.
 */
const TARGET = { coldRatio: 3, warmExtraMs: 1000 };

/** `npm start`'s server from process start to the first 200 on /readyz; then a clean stop. */
async function timeServerStart(dataDir: string): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      ...serverEnvironment(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return elapsed;
}

async function timeBaseline(dir: string): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['test/bench/baselines/postgres-start.mjs', dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let elapsed = Number.NaN;
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('ready')) elapsed = performance.now() - started;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return elapsed;
}

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tijdvak-bench-start-'));
  chmodSync(dir, 0o755);
  return dir;
}

describe('start-up', () => {
  it('from an empty DATA_DIR and from a warm one, against PostgreSQL alone', async () => {
    const cold: number[] = [];
    const warm: number[] = [];
    const baselineCold: number[] = [];
    const baselineWarm: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const ours = freshDir();
      cold.push(await timeServerStart(ours));
      warm.push(await timeServerStart(ours));
      rmSync(ours, { recursive: true, force: true });
      const bare = freshDir();
      baselineCold.push(await timeBaseline(bare));
      baselineWarm.push(await timeBaseline(bare));
      rmSync(bare, { recursive: true, force: true });
    }
    expectTargetsMet(
      recordFigures('6. Start-up (npm start → 200 on /readyz)', [
        {
          metric: 'empty DATA_DIR (initdb, migrations, demo data)',
          unit: 'ms',
          ours: median(cold),
          baseline: median(baselineCold),
          ratio: median(cold) / median(baselineCold),
          target: `≤ ${TARGET.coldRatio} × PostgreSQL's initdb and start`,
          met: median(cold) / median(baselineCold) <= TARGET.coldRatio,
          note: `median of ${RUNS}; baseline = embedded PostgreSQL initdb + start alone`,
        },
        {
          metric: 'warm DATA_DIR',
          unit: 'ms',
          ours: median(warm),
          baseline: median(baselineWarm),
          ratio: median(warm) / median(baselineWarm),
          target: `≤ PostgreSQL's start + ${TARGET.warmExtraMs} ms`,
          met: median(warm) - median(baselineWarm) <= TARGET.warmExtraMs,
          note: `median of ${RUNS}; baseline = embedded PostgreSQL start alone`,
        },
      ]),
    );
  });
});
