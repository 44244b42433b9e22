import { describe, expect, it } from 'vitest';
import { encodePhoto, loadSharp } from '../../../server/visit-records/visit-images.js';
import { SCHED_IDLE, SCHED_NORMAL, threadsOfThisProcess } from '../../utils/threads.js';

/** libvips' own threads, where a photo's pixels are decoded and encoded. */
const ENCODING_THREAD = 'libvips worker';

describe('photo encoding threads', () => {
  it('are one fixed set made at the load, encoding on cores the requests leave idle (SCHED_IDLE)', async () => {
    // Nothing in this process has loaded sharp before: the set is made now.
    const sharp = await loadSharp();
    const made = threadsOfThisProcess().filter((thread) => thread.name === ENCODING_THREAD);
    expect(made.length).toBe(Number(process.env.VIPS_MAX_THREADS));
    expect(made.map((thread) => thread.policy)).toEqual(made.map(() => SCHED_IDLE));

    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#7a8b9c' } })
      .jpeg()
      .toBuffer();
    const encoded = await Promise.all([encodePhoto(photo), encodePhoto(photo)]);
    expect(encoded.map((each) => each.width)).toEqual([1600, 1600]);

    // The photos ran on that set: no thread was added, every one still idle.
    const threads = threadsOfThisProcess();
    const encoding = threads.filter((thread) => thread.name === ENCODING_THREAD);
    expect(encoding.map((thread) => thread.id).sort()).toEqual(made.map((thread) => thread.id).sort());
    expect(encoding.map((thread) => thread.policy)).toEqual(encoding.map(() => SCHED_IDLE));
    // The event loop and Node's pool (argon2 for sign-ins) keep their priority.
    const others = threads.filter((thread) => thread.name !== ENCODING_THREAD);
    expect(others.find((thread) => thread.id === String(process.pid))?.policy).toBe(SCHED_NORMAL);
    expect(others.filter((thread) => thread.policy === SCHED_IDLE)).toEqual([]);
  });
});
