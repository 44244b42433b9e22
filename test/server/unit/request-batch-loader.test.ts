import { describe, expect, it } from 'vitest';
import { requestBatchLoader } from '../../../server/common/request-batch-loader.js';

/** A loader that records every batch it was asked for. */
function recordingLoader(fail = false) {
  const batches: number[][] = [];
  const loader = requestBatchLoader(
    (item: { id: number }) => item.id,
    async (_scope: object, items) => {
      batches.push(items.map((item) => item.id));
      if (fail) throw new Error('the database is gone');
      return (item) => `order ${item.id}`;
    },
  );
  return { batches, loader };
}

describe('a request batch loader', () => {
  it('answers the loads of one pass with one batch, each item loaded once', async () => {
    const { batches, loader } = recordingLoader();
    const scope = {};
    const answers = await Promise.all([1, 2, 1, 3].map((id) => loader(scope).load({ id })));
    expect(answers).toEqual(['order 1', 'order 2', 'order 1', 'order 3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('never mixes two requests, and starts a new batch on the next pass', async () => {
    const { batches, loader } = recordingLoader();
    const first = {};
    const second = {};
    await Promise.all([loader(first).load({ id: 1 }), loader(second).load({ id: 2 })]);
    await loader(first).load({ id: 3 });
    expect(batches).toEqual([[1], [2], [3]]);
  });

  it('rejects every load of a batch that failed', async () => {
    const { loader } = recordingLoader(true);
    const scope = {};
    const loads = [1, 2].map((id) => loader(scope).load({ id }));
    for (const load of loads) await expect(load).rejects.toThrow('the database is gone');
  });
});
