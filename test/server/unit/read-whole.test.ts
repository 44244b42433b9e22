import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/common/errors/app-error.js';
import { readWhole } from '../../../server/visit-records/visit-images.js';
import { VisitRecordError } from '../../../server/visit-records/visit-record.errors.js';

const tooLarge = () => new AppError(VisitRecordError.VISIT_PHOTO_TOO_LARGE, { params: { max: 1 } });
const pieces = (...sizes: number[]) => sizes.map((size, index) => Buffer.alloc(size, index + 1));
const codeOf = (error: unknown) => (error instanceof AppError ? error.message : String(error));

describe('reading an upload whole', () => {
  it('gives every byte in order, with and without a bound on its size, and when the bound was too small', async () => {
    const parts = pieces(5, 70_000, 1, 65_536);
    const expected = Buffer.concat(parts);
    for (const sizeAtMost of [undefined, expected.length, expected.length + 500, 70_000]) {
      const whole = await readWhole(Readable.from(parts), 1_000_000, tooLarge, sizeAtMost);
      expect(whole.equals(expected)).toBe(true);
    }
  });

  it('refuses a file over its most as too large, however its size was bounded', async () => {
    for (const sizeAtMost of [undefined, 100, 300]) {
      const source = Readable.from(pieces(100, 100, 100));
      await expect(readWhole(source, 250, tooLarge, sizeAtMost)).rejects.toSatisfy(
        (error) => codeOf(error) === 'VISIT_PHOTO_TOO_LARGE',
      );
      expect(source.destroyed).toBe(true);
    }
  });

  it('refuses a file cut off on its way as not received', async () => {
    const source = new Readable({ read: () => undefined });
    const reading = readWhole(source, 1_000, tooLarge, 500);
    source.push(Buffer.alloc(10));
    source.destroy(new Error('the client left'));
    await expect(reading).rejects.toSatisfy((error) => codeOf(error) === 'VISIT_FILE_NOT_RECEIVED');
  });
});
