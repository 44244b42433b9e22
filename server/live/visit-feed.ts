import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { isOfficeRole, Role } from '../common/auth/role.js';
import type { Viewer } from '../common/auth/viewer.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { PushReader, PushSource } from '../common/events/push-source.js';
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
 * Thousands are open at once: it holds its scope as data and its reader by reference, no closure.
 */
class Follower implements PushSource<VisitProgress> {
  private pending: Map<number, VisitProgress> | undefined;
  private waiting: ((result: IteratorResult<VisitProgress>) => void) | undefined;
  private reader: PushReader | undefined;
  ended = false;
  deadline: Deadline | undefined;

  /**
   * Whose changes it gets: the orders a consumer's token names (it is filed under them), else a technician's own
   * orders, else (both null: the office) every order.
   */
  constructor(
    readonly orderIds: readonly number[] | null,
    private readonly technicianId: number | null,
    private readonly onEnd: (follower: Follower) => void,
  ) {}

  accepts(progress: VisitProgress): boolean {
    if (this.orderIds) return this.orderIds.includes(progress.orderId);
    return this.technicianId === null || progress.technicianId === this.technicianId;
  }

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
    this.reader?.wake();
  }

  onPush(reader: PushReader): void {
    this.reader = reader;
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
    const reader = this.reader;
    this.reader = undefined;
    reader?.wake();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<VisitProgress> {
    return this;
  }
}

const endFollower = (follower: Follower) => follower.end();

/** A spread end of the streams ends a slice of them this often. */
const SPREAD_SLICE_MS = 50;

/**
 * How far apart a stopping instance ends its streams, at least: the pages that reconnect cost the other instances a
 * TLS handshake, a subscription and a read of their state each. The storm (three instances and PostgreSQL on two cores,
 * during a publication) kept its lookups' p99 near 0.2 s at 40 pages a second, and passed 0.9 s at 90.
 */
const SPREAD_PER_STREAM_MS = 25;

/** The longest spread the streams' number asks for: the stop ends well within the service manager's 30 s. */
const SPREAD_MOST_MS = 20_000;

/**
 * The live changes of visits in this process (docs/decisions.md, The visit day live). It listens to the visit
 * status notices on the instance's one LISTEN connection, reads the state of the changed orders that someone
 * here follows in one statement, and hands it to each follower in memory. Deliveries run one after the other,
 * so a follower never receives an older state after a newer one; the notices that come while one runs are
 * delivered together by the next (each reads the state as it stands then, so none is older than its notice).
 */
export class VisitFeed implements LiveVisitFeed {
  /**
   * Followers of named orders (consumers): a change of any other order costs them nothing. An order most often has
   * one follower, kept as it is; a set only for more.
   */
  private readonly byOrder = new Map<number, Follower | Set<Follower>>();
  /** Followers that may see any order (technicians: their own, decided per change; admins: all). */
  private readonly wide = new Set<Follower>();
  /** Every open stream. */
  private readonly followers = new Set<Follower>();
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
    // Notices were lost while the listener was away: every stream ends, and its client reads the state anew. Spread as
    // at a stop: the listener of every instance went away together (PostgreSQL restarted), so every page of the fleet
    // would otherwise reconnect and read in the same moment, just as the database comes back.
    this.unresync = changes.onResync(() => void this.endSpread(0));
  }

  get size(): number {
    return this.followers.size;
  }

  follow(viewer: Viewer, scope: 'own' | 'all'): Follower {
    let follower: Follower;
    const onEnd = this.onEnd;
    if (scope === 'all') {
      if (!isOfficeRole(viewer.role)) throw new AppError(CommonError.FORBIDDEN);
      follower = new Follower(null, null, onEnd);
      this.wide.add(follower);
    } else if (viewer.role === Role.CONSUMER) {
      const { orderIds } = viewer;
      const named = new Set(orderIds).size === orderIds.length ? orderIds : [...new Set(orderIds)];
      follower = new Follower(named, null, onEnd);
      for (const orderId of named) this.file(orderId, follower);
    } else if (viewer.role === Role.TECHNICIAN) {
      follower = new Follower(null, viewer.technicianId, onEnd);
      this.wide.add(follower);
    } else {
      throw new AppError(CommonError.FORBIDDEN);
    }
    this.followers.add(follower);
    follower.deadline = this.deadlines.add(Date.now() + this.deadlineMs, endFollower, follower);
    if (this.stopped) follower.end();
    return follower;
  }

  /**
   * Ends the streams open now a few at a time, evenly over at least `atLeastMs` and at least SPREAD_PER_STREAM_MS per
   * stream (a stop behind the balancer): each page reconnects to another instance at once, so ending them all in one
   * moment would send every page of this instance to the others in that moment, each with a TLS handshake, a
   * subscription and a read of its state. Resolves when the last has ended (or at `stop`, which ends the rest).
   */
  async endSpread(atLeastMs: number): Promise<void> {
    const ending = [...this.followers];
    const overMs = Math.max(atLeastMs, Math.min(SPREAD_MOST_MS, ending.length * SPREAD_PER_STREAM_MS));
    const slices = Math.max(1, Math.min(ending.length, Math.ceil(overMs / SPREAD_SLICE_MS)));
    for (let slice = 0; slice < slices && !this.stopped; slice++) {
      const until = Math.ceil(((slice + 1) * ending.length) / slices);
      for (let index = Math.ceil((slice * ending.length) / slices); index < until; index++) ending[index].end();
      if (slice < slices - 1) await new Promise((resolve) => setTimeout(resolve, overMs / slices));
    }
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
    for (const follower of [...this.followers]) follower.end();
  }

  private file(orderId: number, follower: Follower): void {
    const filed = this.byOrder.get(orderId);
    if (!filed) this.byOrder.set(orderId, follower);
    else if (filed instanceof Set) filed.add(follower);
    else this.byOrder.set(orderId, new Set([filed, follower]));
  }

  private forget(follower: Follower): void {
    this.followers.delete(follower);
    this.wide.delete(follower);
    for (const orderId of follower.orderIds ?? []) {
      const filed = this.byOrder.get(orderId);
      if (filed === follower || (filed instanceof Set && filed.delete(follower) && filed.size === 0)) {
        this.byOrder.delete(orderId);
      }
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
        const filed = this.byOrder.get(progress.orderId);
        const named = filed instanceof Set ? [...filed] : filed ? [filed] : [];
        const wide = neighbour.has(progress.orderId) ? [] : [...this.wide];
        for (const follower of [...named, ...wide]) this.handTo(follower, progress);
      }
    } catch (error) {
      this.logger.error({ err: error }, 'live visit changes could not be read');
    }
  }
}
