/** A status tap as the phone records it (kept free of imports: the tests load it under Node). */
export type VisitStage = 'ON_THE_WAY' | 'ARRIVED' | 'FINISHED';
export type VisitOutcome = 'REPAIRED' | 'FOLLOW_UP_PARTS' | 'NOT_HOME' | 'NOT_DONE';

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
