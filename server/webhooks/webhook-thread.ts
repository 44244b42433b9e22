import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SendRun } from './webhook-sender.js';
import type { SenderAnswer, SenderRequest, SenderThreadData } from './webhook-worker.js';

/** How long a stopping thread may take to end its round and close before it is ended. */
const STOP_GRACE_MS = 15_000;
/** The worker's heap: a round holds 200 bodies and their requests; far below the server's. */
const WORKER_HEAP_MB = 128;

/**
 * The worker's module. Built, next to this one (tsc's output) or under `webhooks/` beside the server's bundle, which
 * holds this module's code; from source (the tests), the `.ts` file, loaded by Node's type stripping with the `.js`
 * of its imports read as `.ts`.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = new URL('./webhook-worker.ts', here).href;
    const source = [
      `import { registerHooks } from 'node:module';`,
      `registerHooks({ resolve(specifier, context, next) {`,
      `  try { return next(specifier, context); } catch (error) {`,
      `    if (/^\\.\\.?\\//.test(specifier) && specifier.endsWith('.js')) return next(specifier.slice(0, -3) + '.ts', context);`,
      `    throw error; } } });`,
      `await import(${JSON.stringify(entry)});`,
    ].join('\n');
    return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
  }
  for (const candidate of ['./webhook-worker.js', './webhooks/webhook-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error(`webhook-worker.js is missing beside ${fileURLToPath(here)}: run the build`);
}

interface Waiting {
  resolve(run: SendRun): void;
  reject(error: Error): void;
}

/**
 * The webhook sender in a worker thread of its own, started at its first run and again at the next run after it
 * ended (a crash, an out-of-memory end): the runs it had under way fail, their claims lapse after a few minutes and
 * the deliveries are sent then. `stop` lets the round under way end, then ends the thread.
 */
export class WebhookSenderThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private lastId = 0;
  private stopped = false;
  private readonly data: SenderThreadData;
  private readonly onExit: (code: number, error: Error | null) => void;

  constructor(data: SenderThreadData, onExit: (code: number, error: Error | null) => void) {
    this.data = data;
    this.onExit = onExit;
  }

  /** The running thread, if any (the tests end it as a crash would). */
  get thread(): Worker | null {
    return this.worker;
  }

  /** Sends what is due in the thread, by the clock it was given. */
  send(): Promise<SendRun> {
    if (this.stopped) return Promise.reject(new Error('the webhook sender is stopped'));
    const worker = this.worker ?? this.start();
    const id = ++this.lastId;
    return new Promise<SendRun>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'send', id } satisfies SenderRequest);
    });
  }

  private start(): Worker {
    const worker = new Worker(workerEntry(), {
      workerData: this.data,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let failure: Error | null = null;
    worker.on('message', (answer: SenderAnswer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (answer.type === 'sent') waiting?.resolve(answer.run);
      else waiting?.reject(new Error(answer.error));
    });
    worker.on('error', (error: Error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      const error = failure ?? new Error(`the webhook sender's thread ended (exit code ${code})`);
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
      this.onExit(code, failure);
    });
    this.worker = worker;
    return worker;
  }

  /** Ends the round under way (its outcomes recorded), then the thread; a run asked for after this fails. */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' } satisfies SenderRequest);
    const grace = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    await exited;
    clearTimeout(grace);
  }
}

/** The ORM pool's connection settings a thread's own pool is made with (its plain values: they are copied). */
export function connectionSettings(options: object): Record<string, string | number | boolean> {
  const settings: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(options)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') settings[key] = value;
  }
  return settings;
}
