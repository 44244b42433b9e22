/** What an admitted body gives back once its request is answered. */
export type ReleaseUpload = () => void;

interface Waiter {
  bytes: number;
  grant: (release: ReleaseUpload) => void;
  timer: NodeJS.Timeout;
}

export interface UploadAdmissionOptions {
  /** Bytes of upload bodies held at once (read, decoded, stored) in this process. */
  budgetBytes: number;
  /** How long a body may wait for room before it is refused as busy. */
  waitMs: number;
  /** Bodies waiting beyond this are refused at once: a burst cannot pile up requests without end. */
  maxWaiting: number;
}

/**
 * Room for upload bodies in one process. A body is read into memory whole and held until it is decoded and stored
 * (visit-images.ts); twenty technicians sending at once on a fast network would make the process hold all their
 * photos together and collect their garbage while consumers look up their visits. A body reserves its declared
 * length before a byte of it is read, and waits, in the order it came, while the others hold the budget; its bytes
 * wait in the client and the network meanwhile. A body larger than the whole budget goes alone. One that waits
 * past `waitMs` is refused as busy (503), which a phone's queue sends again later.
 */
export class UploadAdmission {
  private reserved = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: UploadAdmissionOptions) {}

  /** Resolves with the release once `bytes` fit (null when refused as busy); `left` ends a wait whose client left. */
  admit(bytes: number, left: AbortSignal): Promise<ReleaseUpload | null> {
    const want = Math.max(1, Math.min(bytes, this.options.budgetBytes));
    if (this.waiting.length === 0 && this.fits(want)) return Promise.resolve(this.take(want));
    if (this.waiting.length >= this.options.maxWaiting) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        clearTimeout(waiter.timer);
        this.drop(waiter);
        resolve(null);
      };
      const waiter: Waiter = {
        bytes: want,
        grant: (release) => {
          clearTimeout(waiter.timer);
          left.removeEventListener('abort', leave);
          resolve(release);
        },
        timer: setTimeout(() => {
          left.removeEventListener('abort', leave);
          this.drop(waiter);
          resolve(null);
        }, this.options.waitMs),
      };
      left.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Bytes reserved now, and bodies waiting. */
  get state(): { reserved: number; waiting: number } {
    return { reserved: this.reserved, waiting: this.waiting.length };
  }

  private fits(bytes: number): boolean {
    return this.reserved === 0 || this.reserved + bytes <= this.options.budgetBytes;
  }

  private take(bytes: number): ReleaseUpload {
    this.reserved += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reserved -= bytes;
      this.grantWaiting();
    };
  }

  private drop(waiter: Waiter): void {
    const index = this.waiting.indexOf(waiter);
    if (index >= 0) this.waiting.splice(index, 1);
    // The first in line left: the next may fit now.
    if (index === 0) this.grantWaiting();
  }

  /** The waiting bodies that fit, in the order they came (none overtakes the first). */
  private grantWaiting(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0].bytes)) {
      const next = this.waiting.shift()!;
      next.grant(this.take(next.bytes));
    }
  }
}
