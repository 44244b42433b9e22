import { describe, expect, it } from 'vitest';
import { shownVisit } from '../../client/src/admin/board/board-visits.js';
import type { VisitBoardPageQuery } from '../../client/src/gql/graphql.js';

type BoardVisit = VisitBoardPageQuery['visitBoard']['technicians'][number]['visits'][number];

/** A planned visit of 9.00-12.00 that waiting alone makes late after 11.40 (the board's answer at 10.30). */
const visit: BoardVisit = {
  orderId: 7,
  referenceNumber: 'R-7',
  customerName: 'Eva Laat',
  appointment: '2026-12-01T08:00:00.000Z',
  end: '2026-12-01T11:00:00.000Z',
  city: 'Utrecht',
  reply: null,
  stage: 'PLANNED',
  expectedArrival: null,
  outcome: null,
  reachedAt: null,
  expectedLate: null,
  expectedLateAfter: '2026-12-01T10:40:00.000Z',
};
const at = (time: string) => new Date(`2026-12-01T${time}:00.000Z`);

describe("the board's expected-late mark on the server's clock", () => {
  it('appears once the server clock passes the instant the board gave, with the window end plus the time since', () => {
    expect(shownVisit(visit, undefined, at('10:40')).expectedLate).toBeNull();
    expect(shownVisit(visit, undefined, at('10:41')).expectedLate).toBe('2026-12-01T11:01:00.000Z');
    expect(shownVisit(visit, undefined, at('11:10')).expectedLate).toBe('2026-12-01T11:30:00.000Z');
  });

  it("keeps the board's own mark, and none without the server's time or after a change (the board is read again)", () => {
    const late = { ...visit, expectedLate: '2026-12-01T11:20:00.000Z', expectedLateAfter: null };
    expect(shownVisit(late, undefined, at('10:30')).expectedLate).toBe('2026-12-01T11:20:00.000Z');
    expect(shownVisit(visit, undefined, null).expectedLate).toBeNull();
    const arrived = { orderId: 7, stage: 'ARRIVED' as const, changedAt: '2026-12-01T10:45:00.000Z' };
    expect(shownVisit(visit, arrived, at('10:50')).expectedLate).toBeNull();
  });
});
