import { VisitOutcome } from '../visits/visit-status.entity.js';

/**
 * The outcomes a thank-you with the rating link follows: the technician met the consumer. "Nobody at home" gets
 * none: there was no visit to rate, and the page already asks them to call (docs/decisions/messages.md).
 */
export const THANKED_OUTCOMES = [VisitOutcome.REPAIRED, VisitOutcome.FOLLOW_UP_PARTS, VisitOutcome.NOT_DONE] as const;

export type ThankedOutcome = (typeof THANKED_OUTCOMES)[number];

export const isThankedOutcome = (outcome: VisitOutcome | null): outcome is ThankedOutcome =>
  (THANKED_OUTCOMES as readonly (VisitOutcome | null)[]).includes(outcome);

/** Minutes after "Afgerond" before the thank-you is written: a mis-tap is corrected in that time. */
export const THANK_YOU_AFTER_MINUTES = 5;

/** Hours after "Afgerond" after which no thank-you is written any more (a server down, messages switched on later). */
export const THANK_YOU_WITHIN_HOURS = 24;

/** Visits thanked per country per planning run; the next minute's run takes the rest. */
export const THANK_YOU_PER_RUN = 1000;
