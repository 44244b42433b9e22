import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDayRange } from '../../../shared/zoned-time.js';
import type { Country } from '../../common/locale.js';
import { activeOrderSql } from '../../orders/index.js';
import type { VisitOutcome, VisitStage } from '../../visits/visit-status.entity.js';

/** A visit of the board with its technician and status. */
export interface BoardRow {
  id: number;
  reference_number: string;
  name: string;
  appointment: Date | string;
  duration: number;
  city: string;
  technician_id: number | null;
  firstname: string | null;
  lastname: string | null;
  stage: VisitStage | null;
  expected_arrival: Date | string | null;
  outcome: VisitOutcome | null;
  arrived_at: Date | string | null;
  finished_at: Date | string | null;
  /** The consumer's one-tap answer (replies/consumer-reply.entity.ts, VisitAnswer); null without one. */
  answer: 'AT_HOME' | 'CALL_ME' | null;
}

/** The day's active visits of a country, per technician by name (the unassigned last), each by appointment. */
const BOARD_SQL = `
  select o.id, o.reference_number, o.name, o.appointment, o.duration, o.city, o.technician_id,
         t.firstname, t.lastname, s.stage, s.expected_arrival, s.outcome, s.arrived_at, s.finished_at, r.answer
  from orders o
  left join technicians t on t.id = o.technician_id
  left join visit_statuses s on s.order_id = o.id
  left join consumer_replies r on r.order_id = o.id
  where ${activeOrderSql('o')} and o.country = ? and o.appointment >= ? and o.appointment < ?
  order by t.id is null, t.lastname, t.firstname, o.technician_id, o.appointment, o.id
  limit ?`;

/** The board's statement; the service groups its rows and decides what is late. */
export class BoardRepository {
  constructor(private readonly em: EntityManager) {}

  /** At most `limit` visits of the country's day, in the board's order. */
  visitsOfDay(country: Country, day: LocalDayRange, limit: number): Promise<BoardRow[]> {
    return this.em.execute<BoardRow[]>(BOARD_SQL, [country, day.start, day.end, limit]);
  }
}
