/**
 * At most `width` tasks run at once; the others wait their turn, first come first served. A task that
 * waits has not started, so it holds nothing but its place in the line: work that builds large objects
 * (a rendered mail) builds them only once a lane is free, and they die young.
 */
export class Lanes {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly width: number) {
    if (!Number.isInteger(width) || width < 1) throw new Error(`lanes need a whole width of at least 1, not ${width}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.width) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // The lane passes straight to the next in line (the count stays), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
