import { describe, expect, it } from 'vitest';
import { copyIsCurrent, tokenExpiryMs } from '../../client/src/technician/offline/copy-age.js';
import { addressLine } from '../../shared/address.js';
import { navigationUrl } from '../../client/src/technician/order/order-links.js';
import { landingPath } from '../../client/src/technician/landing.js';
import { arrivalAt } from '../../client/src/technician/today/arrival-time.js';
import { dayOrder, daySummary } from '../../client/src/technician/today/day-order.js';
import type { StatusChange } from '../../client/src/technician/today/visit-change.js';
import { applyChange, nextStages, shownStatus, withWaiting } from '../../client/src/technician/today/visit-stage.js';

const tapped = (change: Partial<StatusChange>): StatusChange => ({
  requestId: 'r',
  orderId: 1,
  kind: 'set',
  tappedAt: '2026-11-23T10:00:00.000Z',
  ...change,
});

describe('order links for the phone', () => {
  it('opens navigation to postcode, number and city in the right country', () => {
    const address = { zipcode: '3511 CD', houseNumber: 6, city: 'Utrecht', country: 'NL' as const };
    expect(addressLine(address)).toBe('3511 CD 6, Utrecht');
    expect(addressLine({ ...address, zipcode: '3511CD' })).toBe('3511 CD 6, Utrecht');
    expect(navigationUrl(address)).toBe(
      'https://www.google.com/maps/search/?api=1&query=3511%20CD%206%2C%20Utrecht%2C%20Nederland',
    );
    expect(navigationUrl({ zipcode: '1000', houseNumber: 12, city: 'Brussel', country: 'BE' })).toContain(
      'Brussel%2C%20Belgi%C3%AB',
    );
  });

  it('names the street, number with addition, postcode and city when the order has a street', () => {
    const gent = {
      street: 'Veldstraat',
      houseNumber: 62,
      houseNumberAddition: 'bis',
      zipcode: '9000',
      city: 'Gent',
      country: 'BE' as const,
    };
    expect(addressLine(gent)).toBe('Veldstraat 62 bis, 9000 Gent');
    expect(navigationUrl(gent)).toBe(
      'https://www.google.com/maps/search/?api=1&query=Veldstraat%2062%20bis%2C%209000%20Gent%2C%20Belgi%C3%AB',
    );
    const utrecht = { zipcode: '3511CD', houseNumber: 12, city: 'Utrecht', country: 'NL' as const };
    expect(addressLine({ ...utrecht, houseNumberAddition: 'a' })).toBe('3511 CD 12a, Utrecht');
    expect(addressLine({ ...utrecht, street: 'Oudegracht', houseNumberAddition: '2' })).toBe(
      'Oudegracht 12-2, 3511 CD Utrecht',
    );
  });
});

describe('visit status on the phone', () => {
  it('offers only later stages, and Onderweg may be skipped', () => {
    expect(nextStages(null)).toEqual(['ON_THE_WAY', 'ARRIVED', 'FINISHED']);
    expect(nextStages('ON_THE_WAY')).toEqual(['ARRIVED', 'FINISHED']);
    expect(nextStages('ARRIVED')).toEqual(['FINISHED']);
    expect(nextStages('FINISHED')).toEqual([]);
  });

  it('lays waiting taps over the server status, in order, for their own order only', () => {
    const shown = withWaiting(
      null,
      [
        tapped({ stage: 'ON_THE_WAY', expectedArrival: '2026-11-23T10:30:00.000Z' }),
        tapped({ orderId: 2, stage: 'FINISHED', outcome: 'REPAIRED' }),
        tapped({ stage: 'ARRIVED', tappedAt: '2026-11-23T10:25:00.000Z' }),
      ],
      1,
    );
    expect(shown).toMatchObject({
      stage: 'ARRIVED',
      expectedArrival: '2026-11-23T10:30:00.000Z',
      arrivedAt: '2026-11-23T10:25:00.000Z',
      waiting: true,
      wasOnTheWay: true,
    });
    expect(withWaiting({ stage: 'ARRIVED' }, [], 1)).toMatchObject({ stage: 'ARRIVED', waiting: false });
  });

  it('steps back once: Afgerond to Aangekomen, Aangekomen to Onderweg only when it was', () => {
    const finished = applyChange(
      shownStatus({ stage: 'ARRIVED', onTheWayAt: '2026-11-23T09:00:00.000Z' }),
      tapped({ stage: 'FINISHED', outcome: 'NOT_HOME', note: 'Niemand' }),
    );
    expect(finished).toMatchObject({ stage: 'FINISHED', outcome: 'NOT_HOME', note: 'Niemand' });
    const back = applyChange(finished, tapped({ kind: 'undo' }));
    expect(back).toMatchObject({ stage: 'ARRIVED', outcome: null, note: null, corrected: true });
    expect(applyChange(shownStatus({ stage: 'ARRIVED', onTheWayAt: 'x' }), tapped({ kind: 'undo' })).stage).toBe(
      'ON_THE_WAY',
    );
    expect(applyChange(shownStatus({ stage: 'ARRIVED' }), tapped({ kind: 'undo' })).stage).toBeNull();
    expect(applyChange(shownStatus({ stage: 'ON_THE_WAY' }), tapped({ kind: 'undo' })).stage).toBeNull();
  });
});

describe('the arrival time a technician types', () => {
  it("falls on the visit's day in the country's zone, summer time included", () => {
    expect(arrivalAt('2026-11-23', '14:35', 'Europe/Amsterdam')?.toISOString()).toBe('2026-11-23T13:35:00.000Z');
    expect(arrivalAt('2026-06-23', '14:35', 'Europe/Brussels')?.toISOString()).toBe('2026-06-23T12:35:00.000Z');
  });

  it('is nothing when the field is empty or not a time', () => {
    expect([
      arrivalAt('2026-11-23', '', 'Europe/Amsterdam'),
      arrivalAt('2026-11-23', '9:5', 'Europe/Amsterdam'),
    ]).toEqual([null, null]);
  });
});

describe("today's page: next stop first, finished visits folded", () => {
  it('puts the visit being worked on first, then the planned ones by window, the finished ones apart', () => {
    expect(dayOrder(['FINISHED', null, 'ARRIVED', null])).toEqual({ open: [2, 1, 3], finished: [0], next: 2 });
    expect(dayOrder([null, 'ON_THE_WAY', 'ARRIVED'])).toEqual({ open: [2, 1, 0], finished: [], next: 2 });
    expect(dayOrder(['FINISHED', null, null])).toEqual({ open: [1, 2], finished: [0], next: 1 });
    expect(dayOrder(['FINISHED', 'FINISHED'])).toEqual({ open: [], finished: [0, 1], next: -1 });
    expect(dayOrder([])).toEqual({ open: [], finished: [], next: -1 });
  });

  it("counts the day's visits, the finished ones, and names the end of the last window", () => {
    const orders = [
      { appointment: '2026-11-23T09:00:00.000Z', duration: 10_800 },
      { appointment: '2026-11-23T15:00:00.000Z', duration: 3_600 },
      { appointment: '2026-11-23T13:00:00.000Z', duration: 10_800 },
    ];
    expect(daySummary(orders, ['FINISHED', null, 'FINISHED'])).toEqual({
      total: 3,
      finished: 2,
      lastEnd: '2026-11-23T16:00:00.000Z',
    });
    expect(daySummary([], [])).toEqual({ total: 0, finished: 0, lastEnd: null });
  });
});

describe('where a signed-in technician starts', () => {
  it('opens today while a visit of today is still open, or a tap waits; the planner otherwise', () => {
    expect(landingPath({ todayStages: [null, 'FINISHED'], waitingTaps: 0 })).toBe('/technician/today');
    expect(landingPath({ todayStages: ['ON_THE_WAY'], waitingTaps: 0 })).toBe('/technician/today');
    expect(landingPath({ todayStages: ['FINISHED', 'FINISHED'], waitingTaps: 0 })).toBe('/technician/manage');
    expect(landingPath({ todayStages: [], waitingTaps: 0 })).toBe('/technician/manage');
    expect(landingPath({ todayStages: null, waitingTaps: 0 })).toBe('/technician/manage');
    expect(landingPath({ todayStages: [], waitingTaps: 1 })).toBe('/technician/today');
  });
});

describe("the offline copy's age", () => {
  const endOfMonday = '2026-11-23T23:00:00.000Z'; // midnight in Amsterdam
  const monday = (time: string) => Date.parse(`2026-11-23T${time}Z`);
  const tokenExpiry = monday('20:00:00');

  it('is shown until the end of its day and while the token is valid, by the server clock as last heard', () => {
    expect(copyIsCurrent({ endsAt: endOfMonday, skewMs: 0 }, tokenExpiry, monday('19:59:59'))).toBe(true);
    expect(copyIsCurrent({ endsAt: endOfMonday, skewMs: 0 }, tokenExpiry, monday('20:00:00'))).toBe(false);
    expect(copyIsCurrent({ endsAt: endOfMonday, skewMs: 0 }, Infinity, monday('22:59:59'))).toBe(true);
    expect(copyIsCurrent({ endsAt: endOfMonday, skewMs: 0 }, Infinity, Date.parse(endOfMonday))).toBe(false);
    // A phone two days behind the server still hides Monday's copy once the server's Tuesday begins.
    const twoDays = 2 * 24 * 3600_000;
    expect(copyIsCurrent({ endsAt: endOfMonday, skewMs: twoDays }, Infinity, monday('23:30:00') - twoDays)).toBe(false);
  });

  it('is never shown without a bound: no day end, no skew, or a token without expiry', () => {
    expect(copyIsCurrent({ skewMs: 0 }, Infinity, monday('10:00:00'))).toBe(false);
    expect(copyIsCurrent({ endsAt: endOfMonday }, Infinity, monday('10:00:00'))).toBe(false);
    expect(copyIsCurrent({ endsAt: 'soon', skewMs: 0 }, Infinity, monday('10:00:00'))).toBe(false);
    expect(copyIsCurrent({ endsAt: endOfMonday, skewMs: 0 }, null, monday('10:00:00'))).toBe(false);
    expect(tokenExpiryMs({})).toBeNull();
    expect(tokenExpiryMs({ exp: '1' })).toBeNull();
    expect(tokenExpiryMs({ exp: 1_800_000_000 })).toBe(1_800_000_000_000);
  });
});
