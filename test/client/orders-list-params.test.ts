import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMS,
  filterOf,
  readParams,
  sortedBy,
  writeParams,
} from '../../client/src/admin/orders/orders-list-params.js';

describe('the order list in the URL', () => {
  it('round-trips every filter and keeps plain lists plain', () => {
    expect(writeParams(DEFAULT_PARAMS).toString()).toBe('');
    const params = {
      ...DEFAULT_PARAMS,
      search: 'céline',
      from: '2026-11-24',
      to: '2026-11-30',
      country: 'BE' as const,
      technician: 'N10001',
      informed: 'no' as const,
      reply: 'CALL_ME' as const,
      deleted: '' as const,
      sort: 'NAME' as const,
      direction: 'DESC' as const,
    };
    expect(readParams(writeParams(params))).toEqual(params);
  });

  it('ignores what it does not know instead of failing', () => {
    const read = readParams(new URLSearchParams('sort=DROP&direction=UP&from=24-11-2026&informed=maybe&reply=X'));
    expect(read).toEqual(DEFAULT_PARAMS);
  });

  it('turns dates into the start of the first day and the start of the day after the last', () => {
    const filter = filterOf(
      { ...DEFAULT_PARAMS, from: '2026-11-24', to: '2026-11-24', informed: 'yes', search: '  jan ' },
      (date) => `${date}T00:00`,
      (date) => (date === '2026-11-24' ? '2026-11-25' : 'wrong'),
    );
    expect(filter).toMatchObject({
      from: '2026-11-24T00:00',
      to: '2026-11-25T00:00',
      informed: true,
      deleted: false,
      search: 'jan',
      special: null,
    });
  });

  it('sorts a column ascending first, then turns it around', () => {
    const byName = sortedBy(DEFAULT_PARAMS, 'NAME');
    expect(byName).toMatchObject({ sort: 'NAME', direction: 'ASC' });
    expect(sortedBy(byName, 'NAME').direction).toBe('DESC');
    expect(sortedBy(sortedBy(byName, 'NAME'), 'CITY').direction).toBe('ASC');
  });
});
