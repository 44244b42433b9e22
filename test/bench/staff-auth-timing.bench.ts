import { describe, it } from 'vitest';
import { startAppProcess } from '../e2e/utils/app-process.js';
import { withDatabase } from '../e2e/utils/arrange.js';
import { createAdmin, createTechnician } from '../utils/factories.js';
import { callRest } from '../utils/http.js';
import { interleave, sameTimeFigure } from './utils/interleave.js';
import { recordFigures } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';

const ROUNDS = 60;
const figure = (metric: string, medians: { unknown: number; known: number }) =>
  sameTimeFigure(metric, medians, ROUNDS, 'the same call for an unknown e-mail');

describe('staff sign-in and reset timing', () => {
  it('answers known and unknown accounts in the same time', async () => {
    // The built server in its own process: work it does after answering must not slow the measuring client.
    const app = await startAppProcess({
      RATE_LIMIT_SIGN_IN_PER_CLIENT: '100000/60',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000/60',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT_CLIENT: '100000/60',
      RATE_LIMIT_PASSWORD_RESET_PER_CLIENT: '100000/60',
      RATE_LIMIT_PASSWORD_RESET_MAILS_PER_ACCOUNT: '100000/60',
      RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT_CLIENT: '100000/60',
    });
    try {
      await withDatabase(app, async (em) => {
        await createTechnician(em, { email: 'known@example.test', password: 'monteur1' });
        await createAdmin(em, { email: 'asleep@example.test', password: 'admin-password', inactive: true });
      });
      const post = (path: string, form: Record<string, string>) => () => callRest(app.url, 'POST', path, { form });
      const unknownSignIn = post('/api/auth/technician', { email: 'nobody@example.test', password: 'monteur1' });
      expectTargetsMet(
        recordFigures('Staff accounts: known vs unknown e-mail', [
          figure(
            'technician sign-in, wrong password',
            await interleave(
              unknownSignIn,
              post('/api/auth/technician', { email: 'known@example.test', password: 'x' }),
              ROUNDS,
            ),
          ),
          figure(
            'admin sign-in, inactive admin with the right password',
            await interleave(
              post('/api/auth/admin', { email: 'nobody@example.test', password: 'admin-password' }),
              post('/api/auth/admin', { email: 'asleep@example.test', password: 'admin-password' }),
              ROUNDS,
            ),
          ),
          figure(
            'technician forgot (mail sent after the answer)',
            await interleave(
              post('/api/auth/technician/forgot', { email: 'nobody@example.test' }),
              post('/api/auth/technician/forgot', { email: 'known@example.test' }),
              ROUNDS,
            ),
          ),
        ]),
      );
    } finally {
      await app.stop();
    }
  });
});
