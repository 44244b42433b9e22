/** One event of a subscription's server-sent event stream (graphql-sse's distinct connections mode). */
export interface StreamEvent {
  event: string;
  data: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  } | null;
}

export interface LiveStream {
  status: number;
  /** The JSON answer of a refused stream. */
  refusal: unknown;
  events: StreamEvent[];
  /** Resolves with the first event (seen or still to come) that passes `matches`; rejects after `ms`. */
  next(matches: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a subscription over real HTTP as the browser's graphql-sse client does, and collects its events. */
export async function openLiveStream(
  baseUrl: string,
  query: string,
  options: {
    token?: string;
    headers?: Record<string, string>;
    /** Called with each event as it arrives (a page that keeps its own state). */
    onEvent?: (event: StreamEvent) => void;
  } = {},
): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/graphql/stream`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ query }),
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let ended: Promise<void> = Promise.resolve();
  let refusal: unknown = null;
  if (response.headers.get('content-type')?.startsWith('text/event-stream') && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value: chunk, done: finished } = await reader.read();
          if (finished) break;
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n').filter((line) => !line.startsWith(':'));
            const event = lines
              .find((line) => line.startsWith('event:'))
              ?.slice(6)
              .trim();
            const data = lines
              .find((line) => line.startsWith('data:'))
              ?.slice(5)
              .trim();
            if (!event) continue;
            const parsed: StreamEvent = { event, data: data ? (JSON.parse(data) as StreamEvent['data']) : null };
            events.push(parsed);
            options.onEvent?.(parsed);
            notify();
          }
        }
      } catch {
        // closed by this side
      }
      notify();
    })();
  } else {
    refusal = await response.json().catch(() => null);
  }
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: response.status,
    refusal,
    events,
    ended,
    next(matches, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          } else if (done) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`the stream ended without the event; saw ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event within ${ms} ms; saw ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
