/** A deadline taken from `Deadlines`; cancelling lets go of what it would have run. */
export interface Deadline {
  cancel(): void;
}

/**
 * One deadline, as the heap keeps it and as `add` hands it out: an object of its own with `cancel` on its class, so a
 * deadline costs one small object (no closure, no second object) for as long as it waits.
 */
class Entry<T> implements Deadline {
  constructor(
    readonly at: number,
    public fire: ((target: T) => void) | undefined,
    public target: T | undefined,
    private readonly owner: Deadlines<T>,
  ) {}

  cancel(): void {
    if (!this.fire) return;
    this.fire = undefined;
    this.target = undefined;
    this.owner.noteCancelled();
  }
}

/**
 * Many deadlines on one timer (a min-heap of instants): thousands of open streams each with an end, an expiry
 * and a cut-off would otherwise hold a timer each. A cancelled deadline drops its target at once; its entry
 * leaves the heap when its instant comes, or earlier when cancelled ones make up most of the heap.
 */
export class Deadlines<T> {
  private heap: Entry<T>[] = [];
  private cancelled = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `fire(target)` at `at` (ms since the epoch, by `now`), unless cancelled first. */
  add(at: number, fire: (target: T) => void, target: T): Deadline {
    const entry = new Entry(at, fire, target, this);
    this.push(entry);
    this.arm();
    return entry;
  }

  /** A deadline of this heap was cancelled (its entry's own call). */
  noteCancelled(): void {
    this.cancelled += 1;
    if (this.cancelled > 64 && this.cancelled * 2 > this.heap.length) this.compact();
  }

  /** Forgets every deadline (shutdown). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    // A deadline cancelled after this has nothing left to count.
    for (const entry of this.heap) entry.fire = entry.target = undefined;
    this.heap = [];
    this.cancelled = 0;
  }

  get size(): number {
    return this.heap.length - this.cancelled;
  }

  private arm(): void {
    const first = this.heap[0];
    if (!first || first.at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = first.at;
    // setTimeout takes at most 2^31-1 ms; a later deadline re-arms when that one fires.
    this.timer = setTimeout(() => this.fireDue(), Math.min(Math.max(first.at - this.now(), 0), 2 ** 31 - 1));
    this.timer.unref();
  }

  private fireDue(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.now();
    while (this.heap.length > 0 && this.heap[0].at <= now) {
      const entry = this.pop();
      const { fire, target } = entry;
      if (!fire) {
        this.cancelled -= 1;
        continue;
      }
      entry.fire = undefined;
      entry.target = undefined;
      fire(target as T);
    }
    this.arm();
  }

  private compact(): void {
    const live = this.heap.filter((entry) => entry.fire);
    this.heap = [];
    this.cancelled = 0;
    for (const entry of live) this.push(entry);
  }

  private push(entry: Entry<T>): void {
    const heap = this.heap;
    let i = heap.push(entry) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].at <= entry.at) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = entry;
  }

  private pop(): Entry<T> {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const child = left + 1 < heap.length && heap[left + 1].at < heap[left].at ? left + 1 : left;
        if (heap[child].at >= last.at) break;
        heap[i] = heap[child];
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}
