import { describe, expect, it } from 'vitest';
import {
  bandOf,
  DEFAULT_TRAVEL_SECONDS,
  DEFAULT_WORK_SECONDS,
  estimateDay,
  learnDurations,
  type DayVisit,
  type LearnedDurations,
} from '../../../server/visit-estimates/estimate-rules.js';
import { instantOf } from '../../../shared/zoned-time.js';
import { recordDay, replayHits, sequence } from '../../utils/estimate-replay.js';

const ZONE = 'Europe/Amsterdam';
const DAY = '2026-11-24';
const at = (hour: number, minute = 0) => instantOf(DAY, hour, minute, ZONE);
const LEARNED: LearnedDurations = { workSeconds: 45 * 60, travelSeconds: 15 * 60, startSeconds: 10 * 60 };

const planned = (orderId: number, hour: number): DayVisit => ({
  orderId,
  windowStart: at(hour),
  windowSeconds: 3 * 3600,
  stage: null,
  expectedArrival: null,
  arrivedAt: null,
  finishedAt: null,
});

describe('the narrow time rule', () => {
  it('learns medians from enough samples, and keeps the defaults below the minimum', () => {
    expect(learnDurations({ work: [60, 60], travel: [], start: [] })).toMatchObject({
      workSeconds: DEFAULT_WORK_SECONDS,
      travelSeconds: DEFAULT_TRAVEL_SECONDS,
    });
    const learned = learnDurations({
      work: [3000, 2400, 3600, 2700, 3300, 99_999],
      travel: [600, 900, 1200, 900, 600],
      start: [-600, 0, 300, 600, 900],
    });
    // The forgotten tap (over four hours) is no sample.
    expect(learned).toEqual({ workSeconds: 3000, travelSeconds: 900, startSeconds: 300 });
  });

  it('gives an hour on quarter hours, always inside the window', () => {
    expect(bandOf(at(10, 41), at(9), 10_800)).toEqual({ from: at(10, 15), until: at(11, 15) });
    expect(bandOf(at(8, 40), at(9), 10_800)).toEqual({ from: at(9), until: at(10) });
    expect(bandOf(at(13, 5), at(9), 10_800)).toEqual({ from: at(11), until: at(12) });
  });

  it('walks the day: places, counts, and the band of each visit still to come', () => {
    const day = [planned(1, 8), planned(2, 9), planned(3, 10), planned(4, 11)];
    const estimates = estimateDay(day, LEARNED, at(7));
    expect(estimates.map((estimate) => [estimate.position, estimate.visitsBefore, estimate.moment])).toEqual([
      [1, 0, 'NEXT'],
      [2, 1, 'VISITS_BEFORE'],
      [3, 2, 'VISITS_BEFORE'],
      [4, 3, 'VISITS_BEFORE'],
    ]);
    // 8.10 arrival, 45 minutes of work, 15 of travel: 9.10, 10.10, 11.10.
    expect(estimates.map((estimate) => estimate.expectedArrival)).toEqual([
      at(8, 10),
      at(9, 10),
      at(10, 10),
      at(11, 10),
    ]);
    expect(estimates[2].band).toEqual({ from: at(10), until: at(11) });
  });

  it('lets a visit that runs long push the later ones, and one finished early pull them', () => {
    const running: DayVisit[] = [
      { ...planned(1, 8), stage: 'ARRIVED', arrivedAt: at(8, 10) },
      planned(2, 9),
      planned(3, 10),
    ];
    const onTime = estimateDay(running, LEARNED, at(8, 30));
    const long = estimateDay(running, LEARNED, at(10, 0));
    expect(onTime[1].moment).toBe('AT_VISIT_BEFORE');
    expect(long[2].expectedArrival.getTime()).toBeGreaterThan(onTime[2].expectedArrival.getTime());
    expect(long[2].expectedArrival).toEqual(at(11, 15));
    const early: DayVisit[] = [
      { ...planned(1, 8), stage: 'FINISHED', arrivedAt: at(8), finishedAt: at(8, 20) },
      planned(2, 9),
      planned(3, 10),
    ];
    const pulled = estimateDay(early, LEARNED, at(8, 20));
    // Free at 8.35 but the window opens at 9: not before it.
    expect(pulled[1].expectedArrival).toEqual(at(9));
    expect(pulled[1].moment).toBe('NEXT');
    expect(pulled[2].expectedArrival.getTime()).toBeLessThan(onTime[2].expectedArrival.getTime());
  });

  it('follows the technician on the way, and says late past the window without a band outside it', () => {
    const day: DayVisit[] = [
      { ...planned(1, 8), stage: 'FINISHED', arrivedAt: at(8), finishedAt: at(12) },
      { ...planned(2, 9), stage: 'ON_THE_WAY', expectedArrival: at(12, 20) },
      planned(3, 10),
    ];
    const [first, second, third] = estimateDay(day, LEARNED, at(12, 5));
    expect(first).toMatchObject({ moment: 'REACHED', band: null, late: false });
    expect(second).toMatchObject({ moment: 'ON_THE_WAY', late: true, expectedArrival: at(12, 20) });
    expect(second.band).toEqual({ from: at(11), until: at(12) });
    expect(third).toMatchObject({ moment: 'VISITS_BEFORE', visitsBefore: 1, late: true });
  });

  it('hits the real arrival at least four times in five on a recorded day of a steady technician', () => {
    const random = sequence(7);
    let hits = 0;
    let shown = 0;
    for (let day = 0; day < 20; day++) {
      const date = `2026-11-${String(2 + day).padStart(2, '0')}`;
      const starts = [8, 9, 11, 13, 15].map((hour) => instantOf(date, hour, 0, ZONE));
      const recorded = recordDay(starts, [1, 2, 3, 4, 5], { work: 50, travel: 20, start: 10, spread: 15 }, random);
      const count = replayHits(
        recorded,
        { workSeconds: 50 * 60, travelSeconds: 20 * 60, startSeconds: 10 * 60 },
        instantOf(date, 7, 0, ZONE),
      );
      hits += count.hits;
      shown += count.shown;
    }
    expect(hits / shown).toBeGreaterThanOrEqual(0.8);
  });
});
