/**
 * The rules of the office's figures (docs/rules.md, Figures for the office), on the server and on the statistics
 * screen. No imports.
 */

/** The longest period the figures cover: a quarter, what an office reviews at once, and a bounded statement. */
export const FIGURES_MAX_DAYS = 92;

/**
 * A visit to the same customer within this many days after a visit that ended unrepaired (parts ordered, or not
 * done) is its follow-up, not a first visit: parts take weeks to come; a fault two months later is a new one.
 */
export const FOLLOW_UP_WINDOW_DAYS = 60;

/** A share in percent, or null when there is nothing to share out (no visit reached, none finished). */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}
