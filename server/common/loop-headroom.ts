import { performance } from 'node:perf_hooks';

export interface LoopHeadroomOptions {
  /** How often the loop's timekeeping is read while work waits. */
  tickMs: number;
  /** How late a tick may come and the loop still count as keeping time. */
  lateMsAllowed: number;
  /** The most pieces of work let go at one tick on time, reached step by step while ticks keep coming on time. */
  mostPerTick: number;
  /** The longest a piece of work waits: it then goes anyway, so background work never stops for good. */
  longestWaitMs: number;
}

/** How long the ticks go on after the last piece of work asked: a publication asks many times a second. */
const TICKING_AFTER_LAST_ASK_MS = 1_000;

/** How long after the last request the process counts as serving requests, and so keeps room for them. */
const REQUESTS_LATELY_MS = 1_000;

/**
 * A tick every 5 ms that may come up to 10 ms late: later, requests already wait behind queued callbacks or for a core
 * (each piece is a few milliseconds of this thread's work, and its caller's lanes bound how many run at once). Half a
 * second of waiting at most: a publication whose messages waited longer each would not end within minutes.
 */
export const BACKGROUND_HEADROOM: LoopHeadroomOptions = {
  tickMs: 5,
  lateMsAllowed: 10,
  mostPerTick: 16,
  longestWaitMs: 500,
};

/**
 * Lets background work that may wait (a publication's thousands of messages) go only while this process's event
 * loop keeps time, as long as it serves requests (`requestArrived`, within the last second; without them the work
 * goes at full speed, its own lateness harming nobody). A loop that runs late means that callbacks are queued before
 * whatever arrives next, or that the machine's cores are all busy (the database's work included): either way a
 * consumer's lookup arriving then waits behind the background work, which a moment later does as well. So waiting
 * pieces go at ticks that come on time: one at the first, one more at each further one up to `mostPerTick`, and after
 * a late tick (which lets none go) half as many — the work's pace follows the room the requests leave, as a TCP
 * sender's window follows its losses.
 * A piece goes regardless after `longestWaitMs`, or at the moment its caller needs it to. Requests never wait here:
 * they are what the room is kept for.
 */
export class LoopHeadroom {
  private timer: NodeJS.Timeout | undefined;
  private lastTickAt = 0;
  private lastAskAt = 0;
  private perTick = 1;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private waiting: (() => void)[] = [];

  constructor(private readonly options: LoopHeadroomOptions) {}

  /**
   * Resolves when this piece may go: at a tick that came on time when its turn comes, after `longestWaitMs`, or at
   * `latestAt` (a `Date.now()` value) when that is sooner.
   */
  room(latestAt = Number.POSITIVE_INFINITY): Promise<void> {
    this.lastAskAt = performance.now();
    if (!this.servingRequests(this.lastAskAt)) return Promise.resolve();
    if (this.timer === undefined) {
      this.lastTickAt = this.lastAskAt;
      this.timer = setInterval(() => this.tick(), this.options.tickMs);
      // The ticks never keep the process alive; each waiting piece has a timer of its own.
      this.timer.unref();
    }
    const giveUpMs = Math.max(0, Math.min(this.options.longestWaitMs, latestAt - Date.now()));
    return new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(giveUp);
        resolve();
      };
      const giveUp = setTimeout(() => {
        this.waiting = this.waiting.filter((waiter) => waiter !== release);
        resolve();
      }, giveUpMs);
      this.waiting.push(release);
    });
  }

  /** Told of every request this process answers: while they come, background work waits for its room. */
  requestArrived(): void {
    this.lastRequestAt = performance.now();
  }

  /** Stops reading the loop's time and lets everything waiting go. */
  close(): void {
    this.stopTicking();
    const released = this.waiting;
    this.waiting = [];
    for (const release of released) release();
  }

  private tick(): void {
    const now = performance.now();
    const late = now - this.lastTickAt - this.options.tickMs;
    this.lastTickAt = now;
    if (!this.servingRequests(now)) {
      for (const release of this.waiting.splice(0)) release();
    } else if (late > this.options.lateMsAllowed) {
      this.perTick = Math.max(1, Math.floor(this.perTick / 2));
      return;
    }
    for (const release of this.waiting.splice(0, this.perTick)) release();
    this.perTick = Math.min(this.options.mostPerTick, this.perTick + 1);
    // Nothing asked for a while: the ticks stop, and the next piece starts them again.
    if (this.waiting.length === 0 && now - this.lastAskAt > TICKING_AFTER_LAST_ASK_MS) this.stopTicking();
  }

  private servingRequests(now: number): boolean {
    return now - this.lastRequestAt < REQUESTS_LATELY_MS;
  }

  private stopTicking(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.perTick = 1;
  }
}
