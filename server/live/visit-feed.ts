import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { isOfficeRole, Role } from '../common/auth/role.js';
import type { Viewer } from '../common/auth/viewer.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { PushSource } from '../common/events/push-source.js';
import { Deadlines, type Deadline } from '../common/time/deadlines.js';
import type { ChangeListener } from '../common/events/change-listener.js';
import type { LiveVisitFeed } from '../context.js';
import { VISIT_STATUS_TOPIC } from '../visits/visit-status.service.js';
import { loadVisitProgress } from './visit-progress-sql.js';
import { VisitProgressRepository } from './repository/visit-progress.repository.js';
import type { VisitProgress } from './visit-progress.types.js';

/**
 * One subscriber's stream. It keeps only the latest state per order until read: the payload is the whole
 * state, so a slow reader skips states it would have overwritten anyway and memory stays bounded by the
 * orders it may see. Read by push (the stream handler: no promise held while it waits) or by iteration.
 */
class Follower implements PushSource<VisitProgress> {
  private pending: Map<number, VisitProgress> | undefined;
  private waiting: ((result: IteratorResult<VisitProgress>) => void) | undefined;
  private wake: (() => void) | undefined;
  ended = false;
  deadline: Deadline | undefined;

  constructor(
    readonly accepts: (progress: VisitProgress) => boolean,
    private readonly onEnd: (follower: Follower) => void,
  ) {}

  push(progress: VisitProgress): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting({ value: progress, done: false });
      return;
    }
    const pending = (this.pending ??= new Map());
    pending.delete(progress.orderId);
    pending.set(progress.orderId, progress);
    this.wake?.();
  }

  onPush(wake: () => void): void {
    this.wake = wake;
  }

  take(): VisitProgress | undefined {
    const pending = this.pending;
    if (!pending) return undefined;
    const [first] = pending.values();
    if (first) pending.delete(first.orderId);
    if (pending.size === 0) this.pending = undefined;
    return first;
  }

  next(): Promise<IteratorResult<VisitProgress>> {
    const first = this.take();
    if (first) return Promise.resolve({ value: first, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<VisitProgress>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  /** Ends the stream: what was not read yet is dropped (a reconnecting client reads the state anew). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.deadline?.cancel();
    this.pending = undefined;
    this.onEnd(this);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<VisitProgress> {
    return this;
  }
}

const endFollower = (follower: Follower) => follower.end();

/**
 * The live changes of visits in this process (docs/decisions.md, The visit day live). It listens to the visit
 * status notices on the instance's one LISTEN connection, reads the state of the changed orders that someone
 * here follows in one statement, and hands it to each follower in memory. Deliveries run one after the other,
 * so a follower never receives an older state after a newer one; the notices that come while one runs are
 * delivered together by the next (each reads the state as it stands then, so none is older than its notice).
 */
export class VisitFeed implements LiveVisitFeed {
  /** Followers of named orders (consumers): a change of any other order costs them nothing. */
  private readonly byOrder = new Map<number, Set<Follower>>();
  /** Followers that may see any order (technicians: their own, decided per change; admins: all). */
  private readonly wide = new Set<Follower>();
  /** Every open stream, with the orders it is filed under in `byOrder`. */
  private readonly followers = new Map<Follower, readonly number[]>();
  private delivering: Promise<void> = Promise.resolve();
  /**
   * The orders of the notices that came while a delivery ran, read together by the next one: a burst of taps (a
   * few hundred technicians at 13:30) costs a read per delivery, not one per tap each waiting for the last.
   */
  private waiting: Set<number> | undefined;
  private stopped = false;
  private readonly unsubscribe: () => void;
  private readonly unresync: () => void;
  /** Every stream's end (`deadlineMs` after it opened), on one timer. */
  private readonly deadlines = new Deadlines<Follower>();

  constructor(
    private readonly orm: MikroORM,
    changes: ChangeListener,
    private readonly deadlineMs: number,
    private readonly logger: Logger,
  ) {
    this.unsubscribe = changes.subscribe(VISIT_STATUS_TOPIC, (notice) => {
      if (this.waiting) {
        for (const id of notice.ids) this.waiting.add(id);
        return;
      }
      const waiting = (this.waiting = new Set(notice.ids));
      this.delivering = this.delivering.then(() => {
        this.waiting = undefined;
        return this.deliver([...waiting]);
      });
    });
    // Notices were lost while the listener was away: every stream ends, and its client reads the state anew.
    this.unresync = changes.onResync(() => this.endAll());
  }

  get size(): number {
    return this.followers.size;
  }

  follow(viewer: Viewer, scope: 'own' | 'all'): Follower {
    let follower: Follower;
    let filedUnder: readonly number[] = [];
    const onEnd = this.onEnd;
    if (scope === 'all') {
      if (!isOfficeRole(viewer.role)) throw new AppError(CommonError.FORBIDDEN);
      follower = new Follower(() => true, onEnd);
      this.wide.add(follower);
    } else if (viewer.role === Role.CONSUMER) {
      const named = [...new Set(viewer.orderIds)];
      follower = new Follower((progress) => named.includes(progress.orderId), onEnd);
      filedUnder = named;
      for (const orderId of named) {
        let set = this.byOrder.get(orderId);
        if (!set) this.byOrder.set(orderId, (set = new Set()));
        set.add(follower);
      }
    } else if (viewer.role === Role.TECHNICIAN) {
      const { technicianId } = viewer;
      follower = new Follower((progress) => progress.technicianId === technicianId, onEnd);
      this.wide.add(follower);
    } else {
      throw new AppError(CommonError.FORBIDDEN);
    }
    this.followers.set(follower, filedUnder);
    follower.deadline = this.deadlines.add(Date.now() + this.deadlineMs, endFollower, follower);
    if (this.stopped) follower.end();
    return follower;
  }

  /** Ends every stream and stops listening (shutdown: no stream may keep the server from stopping). */
  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    this.unresync();
    this.endAll();
    this.deadlines.clear();
  }

  private readonly onEnd = (follower: Follower) => this.forget(follower);

  private endAll(): void {
    for (const follower of [...this.followers.keys()]) follower.end();
  }

  private forget(follower: Follower): void {
    const filedUnder = this.followers.get(follower) ?? [];
    this.followers.delete(follower);
    this.wide.delete(follower);
    for (const orderId of filedUnder) {
      const set = this.byOrder.get(orderId);
      if (set?.delete(follower) && set.size === 0) this.byOrder.delete(orderId);
    }
  }

  /** A follower that fails ends alone: the others still get the change. */
  private handTo(follower: Follower, progress: VisitProgress): void {
    try {
      if (follower.accepts(progress)) follower.push(progress);
    } catch (error) {
      this.logger.error({ err: error }, 'a live stream failed on a visit change; it ends');
      follower.end();
    }
  }

  private async deliver(ids: readonly number[]): Promise<void> {
    const wanted = this.wide.size > 0 ? ids : ids.filter((id) => this.byOrder.has(id));
    if (wanted.length === 0 && this.byOrder.size === 0) return;
    try {
      const em = this.orm.em.fork();
      // A change moves the place in the day of the technician's other visits: their consumers hear it too.
      const neighbours =
        this.byOrder.size > 0 ? await new VisitProgressRepository(em).neighbours(ids, [...this.byOrder.keys()]) : [];
      if (wanted.length + neighbours.length === 0) return;
      const states = await loadVisitProgress(em, [...wanted, ...neighbours]);
      const neighbour = new Set(neighbours);
      for (const progress of states) {
        const named = this.byOrder.get(progress.orderId);
        const wide = neighbour.has(progress.orderId) ? [] : [...this.wide];
        for (const follower of [...(named ?? []), ...wide]) this.handTo(follower, progress);
      }
    } catch (error) {
      this.logger.error({ err: error }, 'live visit changes could not be read');
    }
  }
}
