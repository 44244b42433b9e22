import { describe, it } from 'vitest';
import { startAppProcess } from '../e2e/utils/app-process.js';
import { withDatabase } from '../e2e/utils/arrange.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { callRest } from '../utils/http.js';
import { median, recordFigures, type Figure } from './utils/results.js';

const ROUNDS = 60;
/** Known and unknown accounts must not be told apart by response time (issue 4). */
const TARGET = { low: 0.85, high: 1.15 };

type Call = () => Promise<unknown>;

/**
 * Alternates the two calls (which goes first flips every round) with a pause between requests, so
 * the background mail of one request never overlaps the next; returns both medians.
 */
async function interleave(unknown: Call, known: Call): Promise<{ unknown: number; known: number }> {
  const times = { unknown: [] as number[], known: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: ['unknown' | 'known', Call][] = [
      ['unknown', unknown],
      ['known', known],
    ];
    if (round % 2) order.reverse();
    for (const [kind, call] of order) {
      const started = performance.now();
      await call();
      times[kind].push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }
  return { unknown: median(times.unknown), known: median(times.known) };
}

function figure(metric: string, medians: { unknown: number; known: number }): Figure {
  const ratio = medians.known / medians.unknown;
  return {
    metric,
    unit: 'ms',
    ours: medians.known,
    baseline: medians.unknown,
    ratio,
    target: `${TARGET.low}–${TARGET.high} × unknown`,
    met: ratio >= TARGET.low && ratio <= TARGET.high,
    note: `median of ${ROUNDS} interleaved requests each; baseline = the same call for an unknown e-mail`,
  };
}

describe('staff sign-in and reset timing', () => {
  it('answers known and unknown accounts in the same time', async () => {
    // The built server in its own process: work it does after answering must not slow the measuring client.
    const app = await startAppProcess({
      RATE_LIMIT_SIGN_IN_PER_CLIENT: '100000/60',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000/60',
      RATE_LIMIT_PASSWORD_RESET_PER_CLIENT: '100000/60',
      RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: '100000/60',
    });
    try {
      await withDatabase(app, async (em) => {
        await createTechnician(em, { email: 'known@example.test', password: 'monteur1' });
        await createAdmin(em, { email: 'asleep@example.test', password: 'admin-password', inactive: true });
      });
      const post = (path: string, form: Record<string, string>) => () => callRest(app.url, 'POST', path, { form });
      const unknownSignIn = post('/api/auth/technician', { email: 'nobody@example.test', password: 'monteur1' });
      recordFigures('Staff accounts: known vs unknown e-mail', [
        figure(
          'technician sign-in, wrong password',
          await interleave(unknownSignIn, post('/api/auth/technician', { email: 'known@example.test', password: 'x' })),
        ),
        figure(
          'admin sign-in, inactive admin with the right password',
          await interleave(
            post('/api/auth/admin', { email: 'nobody@example.test', password: 'admin-password' }),
            post('/api/auth/admin', { email: 'asleep@example.test', password: 'admin-password' }),
          ),
        ),
        figure(
          'technician forgot (mail sent after the answer)',
          await interleave(
            post('/api/auth/technician/forgot', { email: 'nobody@example.test' }),
            post('/api/auth/technician/forgot', { email: 'known@example.test' }),
          ),
        ),
      ]);
    } finally {
      await app.stop();
    }
  });
});
