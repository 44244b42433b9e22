import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  canAsk,
  DEFAULT_PARAMS,
  effectiveParams,
  FILTER_KINDS,
  filterOf,
  readParams,
  sortedBy,
  WITHOUT_TECHNICIAN,
  withoutFilter,
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
      dayConfirmed: 'yes' as const,
      onHoliday: 'no' as const,
      deleted: '' as const,
      sort: 'NAME' as const,
      direction: 'DESC' as const,
    };
    expect(readParams(writeParams(params))).toEqual(params);
  });

  it('keeps the day-confirmed and holiday filters in short URL parameters and asks for them', () => {
    const query = writeParams({ ...DEFAULT_PARAMS, dayConfirmed: 'no', onHoliday: 'yes' });
    expect(query.toString()).toBe('confirmed=no&holiday=yes');
    expect(filterOf(readParams(query), 'Europe/Amsterdam')).toMatchObject({ dayConfirmed: false, onHoliday: true });
    expect(filterOf(DEFAULT_PARAMS, 'Europe/Amsterdam')).toMatchObject({ dayConfirmed: null, onHoliday: null });
  });

  it('ignores what it does not know instead of failing', () => {
    const read = readParams(new URLSearchParams('sort=DROP&direction=UP&from=24-11-2026&informed=maybe&reply=X'));
    expect(read).toEqual(DEFAULT_PARAMS);
  });

  it('turns dates into the start of the first day and the start of the day after the last, in the zone', () => {
    const filter = filterOf(
      { ...DEFAULT_PARAMS, from: '2026-11-24', to: '2026-11-24', informed: 'yes', search: '  jan ' },
      'Europe/Amsterdam',
    );
    expect(filter).toMatchObject({
      from: '2026-11-23T23:00:00.000Z',
      to: '2026-11-24T23:00:00.000Z',
      informed: true,
      deleted: false,
      search: 'jan',
      special: null,
    });
  });

  it('takes the whole of a day on which the clocks change (25 hours in autumn, 23 in spring)', () => {
    const autumn = filterOf({ ...DEFAULT_PARAMS, from: '2026-10-25', to: '2026-10-25' }, 'Europe/Brussels');
    expect(autumn).toMatchObject({ from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' });
    const spring = filterOf({ ...DEFAULT_PARAMS, from: '2026-03-29', to: '2026-03-29' }, 'Europe/Amsterdam');
    expect(spring).toMatchObject({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
  });

  it('asks for the orders without a technician when "zonder monteur" is chosen, and keeps it in the URL', () => {
    const params = { ...DEFAULT_PARAMS, technician: WITHOUT_TECHNICIAN };
    expect(readParams(writeParams(params))).toEqual(params);
    expect(filterOf(params, 'Europe/Amsterdam')).toMatchObject({ technician: null, withoutTechnician: true });
    expect(filterOf({ ...DEFAULT_PARAMS, technician: 'N1' }, 'Europe/Amsterdam')).toMatchObject({
      technician: 'N1',
      withoutTechnician: null,
    });
  });

  it('sorts a column ascending first, then turns it around', () => {
    const byName = sortedBy(DEFAULT_PARAMS, 'NAME');
    expect(byName).toMatchObject({ sort: 'NAME', direction: 'ASC' });
    expect(sortedBy(byName, 'NAME').direction).toBe('DESC');
    expect(sortedBy(sortedBy(byName, 'NAME'), 'CITY').direction).toBe('ASC');
  });

  it('never asks for a search the server would refuse, whatever the URL says', () => {
    for (const q of ['...', '___', '%%%', '@@@', 'a.b', 'ab', '. . .']) {
      expect(canAsk(readParams(new URLSearchParams({ q })))).toBe(false);
    }
    for (const q of ['', 'jan', '3511 CD 6', '4000', '06-12 34 56 78', '...piet']) {
      expect(canAsk(readParams(new URLSearchParams({ q })))).toBe(true);
    }
  });

  it('starts an "informed" list today unless a start date is given', () => {
    const informed = readParams(new URLSearchParams('informed=no'));
    expect(effectiveParams(informed, '2026-11-26').from).toBe('2026-11-26');
    expect(effectiveParams({ ...informed, from: '2026-11-01' }, '2026-11-26').from).toBe('2026-11-01');
    expect(effectiveParams(DEFAULT_PARAMS, '2026-11-26').from).toBe('');
  });

  it('shows a chip for every filter that differs from the plain list, and none for the sort', () => {
    expect(activeFilters(DEFAULT_PARAMS)).toEqual([]);
    expect(activeFilters({ ...DEFAULT_PARAMS, sort: 'NAME', direction: 'DESC', search: '   ' })).toEqual([]);
    const params = readParams(new URLSearchParams('q=jan&country=BE&technician=-&reply=CALL_ME&deleted=&special=yes'));
    expect(activeFilters(params)).toEqual([
      { name: 'search', value: 'jan', kind: 'text' },
      { name: 'country', value: 'BE', kind: 'country' },
      { name: 'technician', value: WITHOUT_TECHNICIAN, kind: 'technician' },
      { name: 'reply', value: 'CALL_ME', kind: 'reply' },
      { name: 'special', value: 'yes', kind: 'yesNo' },
      // Deleted orders are hidden by default: showing them too ("all") is a filter of its own.
      { name: 'deleted', value: '', kind: 'yesNo' },
    ]);
  });

  it('covers every parameter but the sort with a chip', () => {
    const filters = Object.keys(FILTER_KINDS).sort();
    const params = Object.keys(DEFAULT_PARAMS).filter((name) => name !== 'sort' && name !== 'direction');
    expect(filters).toEqual(params.sort());
  });

  it('removes one filter, back to its default, keeping the others and the sort', () => {
    const params = readParams(new URLSearchParams('q=jan&special=yes&deleted=yes&sort=CITY'));
    const withoutSpecial = withoutFilter(params, 'special');
    expect(activeFilters(withoutSpecial).map((filter) => filter.name)).toEqual(['search', 'deleted']);
    expect(withoutSpecial.sort).toBe('CITY');
    expect(withoutFilter(withoutSpecial, 'deleted').deleted).toBe('no');
    expect(writeParams(withoutFilter(withoutFilter(withoutSpecial, 'deleted'), 'search')).toString()).toBe('sort=CITY');
  });
});
