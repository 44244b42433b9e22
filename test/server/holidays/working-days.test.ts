import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Holiday } from '../../../server/holidays/holiday.entity.js';
import { isWorkingDay, nextWorkingDay, previousWorkingDay } from '../../../server/holidays/working-days.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

describe('working days', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    em.create(Holiday, { country: Country.NL, date: '2026-12-25' });
    em.create(Holiday, { country: Country.NL, date: '2026-12-26' });
    em.create(Holiday, { country: Country.BE, date: '2026-07-21' });
    await em.flush();
  });
  afterAll(() => server.stop());

  it('are neither Sundays nor holidays', () => {
    expect(isWorkingDay('2026-11-21', new Set())).toBe(true); // Saturday
    expect(isWorkingDay('2026-11-22', new Set())).toBe(false); // Sunday
    expect(isWorkingDay('2026-12-25', new Set(['2026-12-25']))).toBe(false);
  });

  it('skip a Sunday and the holidays of the country only', async () => {
    const em = server.em();
    expect(await nextWorkingDay(em, Country.NL, '2026-11-21')).toBe('2026-11-23');
    // Thu 24 Dec → Fri 25 and Sat 26 are NL holidays, Sun 27 → Mon 28.
    expect(await nextWorkingDay(em, Country.NL, '2026-12-24')).toBe('2026-12-28');
    expect(await nextWorkingDay(em, Country.BE, '2026-12-24')).toBe('2026-12-25');
    expect(await nextWorkingDay(em, Country.BE, '2026-07-20')).toBe('2026-07-22');
    expect(await nextWorkingDay(em, Country.NL, '2026-07-20')).toBe('2026-07-21');
    expect(await previousWorkingDay(em, Country.NL, '2026-12-28')).toBe('2026-12-24');
    expect(await previousWorkingDay(em, Country.BE, '2026-07-22')).toBe('2026-07-20');
  });
});
