import pg from 'pg';
import type { Logger } from 'pino';
import { CHANGE_CHANNEL, parseNotice, type ChangeNotice } from './change-notices.js';

type NoticeHandler = (notice: ChangeNotice) => void;

/** Waits after a lost connection grow from the first to the last, doubling. */
const RECONNECT_DELAYS_MS = { first: 250, last: 10_000 };

/**
 * This instance's ear for change notices (see change-notices.ts): one dedicated connection that
 * LISTENs, outside the ORM's pool. It must reach PostgreSQL directly: a pooler in transaction mode
 * hands a connection to another client after each transaction, and LISTEN would be lost with it
 * (hence `DATABASE_LISTEN_URL`).
 *
 * A lost connection is opened again, with growing waits; notices sent meanwhile are lost, so after
 * every reconnect the `onResync` handlers run: whoever keeps state built from notices reads it anew.
 * A subscriber that throws is logged and never stops the others.
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<string, Set<NoticeHandler>>();
  private readonly resyncHandlers = new Set<() => void>();
  private stopped = false;
  private connectedOnce = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private nextDelayMs = RECONNECT_DELAYS_MS.first;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** True while the listening connection is open. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Opens the connection; the first attempt's failure is the caller's (start-up fails loudly). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Calls `handler` with every notice of `topic`, until the returned function is called. */
  subscribe(topic: string, handler: NoticeHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(topic);
    };
  }

  /** Calls `handler` after each reconnect (notices may have been missed meanwhile). */
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    // Without a listener an 'error' would end the process; a lost connection is expected and mended.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.dispatch(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.nextDelayMs = RECONNECT_DELAYS_MS.first;
    if (this.connectedOnce) {
      this.logger.info('change listener reconnected');
      for (const handler of this.resyncHandlers) this.safely(handler);
    }
    this.connectedOnce = true;
  }

  private lost(client: pg.Client, error: Error | undefined): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn({ err: error }, 'change listener lost its connection; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(this.nextDelayMs * 2, RECONNECT_DELAYS_MS.last);
    this.reconnectTimer = setTimeout(() => {
      if (this.stopped) return;
      this.connect().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'change listener could not reconnect; trying again');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  private dispatch(payload: string | undefined): void {
    const notice = parseNotice(payload);
    if (!notice) {
      this.logger.warn('change listener ignored a malformed notice');
      return;
    }
    const set = this.handlers.get(notice.topic);
    if (!set) return;
    for (const handler of [...set]) this.safely(() => handler(notice));
  }

  private safely(handler: () => void): void {
    try {
      handler();
    } catch (error) {
      this.logger.error({ err: error }, 'a change notice subscriber failed');
    }
  }
}
