/** A status tap as the phone records it (only type imports: the tests load it under Node). */
import type { VisitOutcomeName, VisitStageName } from '../../../../shared/visit-stages.js';

export type VisitStage = VisitStageName;
export type VisitOutcome = VisitOutcomeName;

export interface StatusChange {
  requestId: string;
  orderId: number;
  /** A step forward, or the one step back that corrects a mis-tap. */
  kind: 'set' | 'undo';
  stage?: VisitStage;
  expectedArrival?: string;
  outcome?: VisitOutcome;
  note?: string;
  /** When it was tapped (the phone's clock, ISO). */
  tappedAt: string;
}
