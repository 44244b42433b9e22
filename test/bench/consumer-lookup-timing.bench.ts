import { describe, it } from 'vitest';
import { startAppProcess } from '../e2e/utils/app-process.js';
import { withDatabase } from '../e2e/utils/arrange.js';
import { createOrder } from '../utils/factories.js';
import { interleave, sameTimeFigure } from './utils/interleave.js';
import { recordFigures } from './utils/results.js';
import { expectTargetsMet } from './utils/targets.js';

const ROUNDS = 300;
const ADDRESSES = 100;
const LOOK_UP = `mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken sign } }`;

/**
 * Does the consumer lookup's response time tell a found address from an unknown one? Found
 * (houses 1-100 at one postcode) and unknown lookups (houses 1001-1100) alternate against the built
 * server in its own process; the site visit of a found lookup is written after the answer.
 */
describe('consumer lookup timing', () => {
  it('answers found and unknown addresses in the same time', async () => {
    const app = await startAppProcess({
      RATE_LIMIT_LOOKUP_PER_CLIENT: '100000000/900',
      RATE_LIMIT_LOOKUP_PER_ADDRESS: '100000000/900',
    });
    try {
      await withDatabase(app, async (em) => {
        const tomorrow = new Date(Date.now() + 86_400_000);
        for (let house = 1; house <= ADDRESSES; house++) {
          await createOrder(em, { zipcode: '1234 AB', houseNumber: String(house), appointment: tomorrow });
        }
      });
      let next = 0;
      const lookUp = (offset: number, expectFound: boolean) => async () => {
        const houseNumber = String(offset + (next++ % ADDRESSES));
        const response = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0' },
          body: JSON.stringify({
            query: LOOK_UP,
            variables: { input: { country: 'NL', zipcode: '1234 AB', houseNumber } },
          }),
        });
        const body = (await response.json()) as { data?: unknown };
        if (Boolean(body.data) !== expectFound) throw new Error(`house ${houseNumber}: expected found=${expectFound}`);
      };
      // Warm-up: JIT and connection pool.
      await interleave(lookUp(1001, false), lookUp(1, true), 50, 5);
      expectTargetsMet(
        recordFigures('Consumer lookup: found vs unknown address', [
          sameTimeFigure(
            'lookUpVisits, found address',
            await interleave(lookUp(1001, false), lookUp(1, true), ROUNDS, 20),
            ROUNDS,
            'the same call for an unknown address',
          ),
        ]),
      );
    } finally {
      await app.stop();
    }
  });
});
