/**
 * The server's one source of "now". Every rule that depends on the time of day (13:30 the day before,
 * the next working day, token expiry, reset-link expiry) reads it from here, so a demo or a test can
 * stand at a chosen instant without fake timers: time keeps running from that instant.
 */
export class Clock {
  private offsetMs = 0;

  constructor(
    start: Date | undefined,
    private readonly allowTravel: boolean,
  ) {
    if (start) this.offsetMs = start.getTime() - Date.now();
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** Moves "now" to the given instant (tests and demos only). */
  travelTo(instant: Date): void {
    if (!this.allowTravel) throw new Error('The clock cannot be moved in production');
    this.offsetMs = instant.getTime() - Date.now();
  }
}
