import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePhoto } from '../../../server/visit-records/visit-images.js';
import { SCHED_IDLE, SCHED_NORMAL, threadsOfThisProcess } from '../../utils/threads.js';

/** libvips' own threads, where a photo's pixels are decoded and encoded. */
const ENCODING_THREAD = 'libvips worker';

describe('photo encoding threads', () => {
  it('encode on cores the requests leave idle (SCHED_IDLE), Node’s own threads as they were', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#7a8b9c' } })
      .jpeg()
      .toBuffer();
    // The first photo starts libvips' threads (and lowers them after it); the second runs on them.
    await encodePhoto(photo);
    const encoded = await encodePhoto(photo);
    expect(encoded.width).toBe(1600);

    const threads = threadsOfThisProcess();
    const encoding = threads.filter((thread) => thread.name === ENCODING_THREAD);
    expect(encoding.length).toBeGreaterThan(0);
    expect(encoding.map((thread) => thread.policy)).toEqual(encoding.map(() => SCHED_IDLE));
    // The event loop and Node's pool (argon2 for sign-ins) keep their priority.
    const others = threads.filter((thread) => thread.name !== ENCODING_THREAD);
    expect(others.find((thread) => thread.id === String(process.pid))?.policy).toBe(SCHED_NORMAL);
    expect(others.filter((thread) => thread.policy === SCHED_IDLE)).toEqual([]);
  });
});
