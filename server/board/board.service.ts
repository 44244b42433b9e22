import { latenessOf, reachedAtOf } from '../../shared/visit-lateness.js';
import { localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { VisitProgressStage } from '../live/visit-progress.types.js';
import { estimatesOfToday, runsLate } from '../visit-estimates/index.js';
import { BoardReply, VisitLateness, type BoardTechnician, type BoardVisit, type VisitBoard } from './board.types.js';
import { BoardRepository, type BoardRow } from './repository/board.repository.js';

/** More visits than a country has in a day; the board stays one bounded statement and one readable page. */
export const BOARD_MAX_VISITS = 2_000;

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The office's board of today (docs/rules.md, Late visits): one statement, grouped per technician here. */
export class BoardService {
  constructor(private readonly ctx: AppContext) {}

  async board(country: Country): Promise<VisitBoard> {
    const now = this.ctx.services.clock.now();
    const zone = TIME_ZONE[country];
    const date = localDateOf(now, zone);
    const day = localDayRange(date, zone);
    // One more than shown: its presence says the board is cut short.
    const rows = await new BoardRepository(this.ctx.em).visitsOfDay(country, day, BOARD_MAX_VISITS + 1);
    const estimates = await estimatesOfToday(this.ctx.em, country, now);
    const technicians: BoardTechnician[] = [];
    for (const row of rows.slice(0, BOARD_MAX_VISITS)) {
      let group = technicians.at(-1);
      if (!group || group.technicianId !== row.technician_id) {
        const name = row.technician_id === null ? null : `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim();
        group = { technicianId: row.technician_id, name, visits: [] };
        technicians.push(group);
      }
      const estimate = estimates.get(row.id);
      group.visits.push({
        ...visitOf(row, now),
        expectedLate: estimate && runsLate(estimate) ? estimate.expectedArrival : null,
        expectedLateAfter: estimate?.lateAfter ?? null,
      });
    }
    return { country, date, now, technicians, truncated: rows.length > BOARD_MAX_VISITS };
  }
}

function visitOf(row: BoardRow, now: Date): Omit<BoardVisit, 'expectedLate' | 'expectedLateAfter'> {
  const appointment = new Date(row.appointment);
  const end = new Date(appointment.getTime() + row.duration * 1000);
  const stage = row.stage ? VisitProgressStage[row.stage] : VisitProgressStage.PLANNED;
  const reachedAt = reachedAtOf({ arrivedAt: dateOrNull(row.arrived_at), finishedAt: dateOrNull(row.finished_at) });
  const lateness = latenessOf({ windowEnd: end, reachedAt }, now);
  return {
    orderId: row.id,
    referenceNumber: row.reference_number,
    customerName: row.name,
    appointment,
    end,
    city: row.city,
    reply: row.answer === null ? null : row.answer === 'AT_HOME' ? BoardReply.CONFIRMED : BoardReply.CALL_ME,
    stage,
    expectedArrival: dateOrNull(row.expected_arrival),
    outcome: row.outcome,
    reachedAt,
    lateness: lateness ? VisitLateness[lateness] : null,
  };
}
