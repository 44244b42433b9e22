import { createWriteStream } from 'node:fs';
import { findFreePort } from '../../../server/db/free-port.js';

/**
 * What a process holds, as `process.memoryUsage()` says it. Its resident memory outside the heap is no measure of
 * that: it keeps growing after connections close (the allocator and V8 keep freed pages for later).
 */
export interface HeldMemory {
  rss: number;
  heapUsed: number;
  /** Memory outside the heap that objects of the heap own (buffers among it). */
  external: number;
  /**
   * The compiled code and bytecode within `heapUsed`. It is no one connection's memory: V8 drops the bytecode of
   * functions not run for a while and compiles them again when they run, so between two readings it moves with
   * which background work happened to run, not with what the connections hold.
   */
  code: number;
}

/** What the process's objects hold: the heap without its compiled code, and the buffers the heap owns. */
export function objectMemory(memory: HeldMemory): number {
  return memory.heapUsed - memory.code + memory.external;
}

export interface Inspector {
  /**
   * A full garbage collection (twice: what a weak reference let go of in the first goes in the second), then the
   * process's memory: what it holds, not what it has not collected yet.
   */
  heldMemory(): Promise<HeldMemory>;
  /** Writes a heap snapshot (after a full collection) to `path`, for Chromium's DevTools or a script. */
  heapSnapshot(path: string): Promise<void>;
  close(): void;
}

interface Reply {
  id?: number;
  method?: string;
  params?: { chunk?: string };
  result?: unknown;
  error?: { message: string };
}

/**
 * The inspector option for a server a benchmark starts (`startAppProcess`'s `nodeOptions`), and a way to talk to it
 * once it runs. Only the loopback interface; a benchmark's server only.
 */
export async function inspectorPort(): Promise<{ nodeOption: string; connect(): Promise<Inspector> }> {
  const port = await findFreePort();
  return { nodeOption: `--inspect=127.0.0.1:${port}`, connect: () => connectInspector(port) };
}

async function connectInspector(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('the inspector refused the connection')), { once: true });
  });
  let lastId = 0;
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  let onChunk: ((chunk: string) => void) | undefined;
  socket.addEventListener('message', (message: MessageEvent<string>) => {
    const reply = JSON.parse(message.data) as Reply;
    if (reply.method === 'HeapProfiler.addHeapSnapshotChunk') onChunk?.(reply.params?.chunk ?? '');
    if (reply.id === undefined) return;
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) waiter?.reject(new Error(reply.error.message));
    else waiter?.resolve(reply.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const collect = async () => {
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
  };
  return {
    async heldMemory() {
      await collect();
      const { result } = (await send('Runtime.evaluate', {
        expression: `JSON.stringify({
          ...process.memoryUsage(),
          code: ((code) => code.code_and_metadata_size + code.bytecode_and_metadata_size)(
            process.getBuiltinModule('node:v8').getHeapCodeStatistics(),
          ),
        })`,
        returnByValue: true,
      })) as { result: { value: string } };
      const { rss, heapUsed, external, code } = JSON.parse(result.value) as HeldMemory;
      return { rss, heapUsed, external, code };
    },
    async heapSnapshot(path) {
      await collect();
      const file = createWriteStream(path);
      onChunk = (chunk) => file.write(chunk);
      try {
        await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        onChunk = undefined;
        await new Promise((resolve) => file.end(resolve));
      }
    },
    close: () => socket.close(),
  };
}
