/** Rules for the consumer's rating of a finished visit, on the server and on the consumer's page. No imports. */

/** The scores a consumer can give: 1 (poor) to 5 (excellent). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** An optional remark, not a review: counted as people count characters. */
export const RATING_COMMENT_MAX_LENGTH = 500;

/** A rating can be given, and changed, for this many days after the visit was finished. */
export const RATING_CHANGEABLE_DAYS = 7;

const DAY_MS = 86_400_000;

/** Until when a visit finished at `finishedAt` can be rated (exclusive). */
export function ratingOpenUntil(finishedAt: Date): Date {
  return new Date(finishedAt.getTime() + RATING_CHANGEABLE_DAYS * DAY_MS);
}

/** Whether a score is one of the allowed whole numbers. */
export function isValidScore(score: number): boolean {
  return Number.isInteger(score) && score >= RATING_MIN && score <= RATING_MAX;
}
