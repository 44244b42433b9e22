/**
 * A fixed number of places for long streams of one kind in this process (exports). A stream holds a
 * database connection for as long as its client reads, so a cap per process keeps the rest of the
 * pool for everybody else; a stream that finds every place taken is refused at once, never queued.
 */
export class StreamSlots {
  private taken = 0;

  constructor(readonly size: number) {}

  /** Takes a place: the returned function gives it back (calling it again does nothing); undefined when full. */
  tryTake(): (() => void) | undefined {
    if (this.taken >= this.size) return undefined;
    this.taken += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.taken -= 1;
    };
  }

  get inUse(): number {
    return this.taken;
  }
}
