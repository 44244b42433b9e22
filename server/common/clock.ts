/**
 * The server's one source of "now". Every rule that depends on the time of day (13:30 the day before,
 * the next working day, token expiry, reset-link expiry) reads it from here, so a demo or a test can
 * stand at a chosen instant without fake timers: time keeps running from that instant.
 *
 * The offset from the real clock lives in shared memory, so a worker thread's clock (`following`) reads the very
 * offset this one moves: a run the webhook thread was asked for before a move sees the time after it, as the API does.
 */
export class Clock {
  /** The offset in milliseconds, read and written whole (`Atomics`) by every thread that shares it. */
  private readonly offsetMs: BigInt64Array;
  // A plain field, not a parameter property: the webhook thread loads this module type-stripped.
  private readonly allowTravel: boolean;

  constructor(
    start: Date | undefined,
    allowTravel: boolean,
    shared: SharedArrayBuffer = new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT),
  ) {
    this.offsetMs = new BigInt64Array(shared);
    this.allowTravel = allowTravel;
    if (start) this.setOffset(start);
  }

  /** A clock in another thread that always reads `shared`'s offset, and cannot move it. */
  static following(shared: SharedArrayBuffer): Clock {
    return new Clock(undefined, false, shared);
  }

  /** The memory holding the offset, for `following` in another thread. */
  get shared(): SharedArrayBuffer {
    return this.offsetMs.buffer as SharedArrayBuffer;
  }

  now(): Date {
    return new Date(Date.now() + Number(Atomics.load(this.offsetMs, 0)));
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** Moves "now" to the given instant (tests and demos only). */
  travelTo(instant: Date): void {
    if (!this.allowTravel) throw new Error('The clock cannot be moved in production');
    this.setOffset(instant);
  }

  private setOffset(instant: Date): void {
    Atomics.store(this.offsetMs, 0, BigInt(Math.round(instant.getTime() - Date.now())));
  }
}
