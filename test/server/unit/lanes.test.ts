import { describe, expect, it } from 'vitest';
import { Lanes } from '../../../server/common/lanes.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('lanes', () => {
  it('run at most their width of tasks at once, the others in the order they came, and none is lost', async () => {
    const lanes = new Lanes(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const results = Array.from({ length: 5 }, (_, index) =>
      lanes.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return index * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    while (releases.length > 0) {
      releases.shift()?.();
      await tick();
    }
    await expect(Promise.all(results)).resolves.toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('free the lane of a task that fails, and pass its failure to its caller only', async () => {
    const lanes = new Lanes(1);
    const failing = lanes.run(() => Promise.reject(new Error('refused')));
    const next = lanes.run(() => Promise.resolve('sent'));
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('sent');
  });

  it('need a whole width of at least one', () => {
    expect(() => new Lanes(0)).toThrow();
    expect(() => new Lanes(1.5)).toThrow();
  });
});
