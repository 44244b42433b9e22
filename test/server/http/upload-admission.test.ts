import { describe, expect, it } from 'vitest';
import { UploadAdmission, type ReleaseUpload } from '../../../server/common/http/upload-admission.js';

const MB = 1024 * 1024;
const stays = () => new AbortController().signal;

/** Whether the promise has settled by the time the pending callbacks ran. */
async function settled<T>(promise: Promise<T>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('room for upload bodies', () => {
  it('admits bodies while they fit, then in the order they came as room is given back', async () => {
    const admission = new UploadAdmission({ budgetBytes: 10 * MB, waitMs: 60_000, maxWaiting: 10 });
    const first = (await admission.admit(4 * MB, stays()))!;
    const second = (await admission.admit(4 * MB, stays()))!;
    expect(admission.state).toEqual({ reserved: 8 * MB, waiting: 0 });
    const third = admission.admit(4 * MB, stays());
    // A small body does not overtake the one waiting before it.
    const fourth = admission.admit(1 * MB, stays());
    expect(await settled(third)).toBe(false);
    expect(await settled(fourth)).toBe(false);
    expect(admission.state.waiting).toBe(2);
    first();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(true);
    expect(admission.state).toEqual({ reserved: 9 * MB, waiting: 0 });
    // Released twice, counted once.
    second();
    second();
    (await third)!();
    (await fourth)!();
    expect(admission.state).toEqual({ reserved: 0, waiting: 0 });
  });

  it('lets a body larger than the whole budget go alone, and one without a length take the whole budget', async () => {
    const admission = new UploadAdmission({ budgetBytes: 10 * MB, waitMs: 60_000, maxWaiting: 10 });
    const huge = (await admission.admit(25 * MB, stays()))!;
    expect(admission.state.reserved).toBe(10 * MB);
    const unknown = admission.admit(Infinity, stays());
    expect(await settled(unknown)).toBe(false);
    huge();
    const release = (await unknown)!;
    expect(admission.state.reserved).toBe(10 * MB);
    release();
    expect(admission.state.reserved).toBe(0);
  });

  it('refuses a body that waited too long, and one beyond the most waiting, as busy', async () => {
    const admission = new UploadAdmission({ budgetBytes: 10 * MB, waitMs: 20, maxWaiting: 1 });
    const holder = (await admission.admit(10 * MB, stays()))!;
    const waiting = admission.admit(1 * MB, stays());
    expect(await admission.admit(1 * MB, stays())).toBeNull();
    expect(await waiting).toBeNull();
    expect(admission.state).toEqual({ reserved: 10 * MB, waiting: 0 });
    holder();
    expect(admission.state.reserved).toBe(0);
  });

  it('forgets a body whose client left while it waited, and lets the next one in', async () => {
    const admission = new UploadAdmission({ budgetBytes: 10 * MB, waitMs: 60_000, maxWaiting: 10 });
    const holder = (await admission.admit(6 * MB, stays()))!;
    const client = new AbortController();
    const gone = admission.admit(8 * MB, client.signal);
    const next = admission.admit(4 * MB, stays());
    client.abort();
    expect(await gone).toBeNull();
    // The one that left was first in line: the next fits beside the holder now.
    const release: ReleaseUpload | null = await next;
    expect(release).not.toBeNull();
    expect(admission.state).toEqual({ reserved: 10 * MB, waiting: 0 });
    holder();
    release!();
    expect(admission.state.reserved).toBe(0);
  });
});
