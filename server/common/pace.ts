/** When each of a reservation's units may start, on `Date.now()`'s clock (0 for every unit without a limit). */
export type PaceSlots = (index: number) => number;

/**
 * Spaces work out to at most `perSecond` units a second, first come first served (0: no limit). A caller reserves its
 * units and waits for the first one's turn; the others each have a slot after it, one interval apart, so a batch
 * goes at the pace rather than at once. Nothing is held meanwhile but the wait. A pace that was idle owes no one a
 * wait: its next units start at once.
 */
export class Pace {
  /** When the next reservation's first unit may start. */
  private nextStartAt = 0;

  constructor(readonly perSecond: number) {
    if (!Number.isFinite(perSecond) || perSecond < 0)
      throw new Error(`a pace needs a rate of 0 or more, not ${perSecond}`);
  }

  /** Reserves `units`; resolves when the first may start, to the slot of each. */
  async take(units: number): Promise<PaceSlots> {
    if (this.perSecond === 0 || units <= 0) return () => 0;
    const intervalMs = 1000 / this.perSecond;
    const now = Date.now();
    const startAt = Math.max(now, this.nextStartAt);
    this.nextStartAt = startAt + units * intervalMs;
    if (startAt > now) await new Promise((resolve) => setTimeout(resolve, startAt - now));
    return (index) => startAt + index * intervalMs;
  }
}

/** Waits until `slot` (a `Date.now()` value), or until `latestAt` when that comes first. */
export async function untilSlot(slot: number, latestAt = Number.POSITIVE_INFINITY): Promise<void> {
  const waitMs = Math.min(slot, latestAt) - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}
