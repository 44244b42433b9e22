// An open-loop load at a steady rate: requests leave at evenly spaced moments whatever the answers do, and each
// latency runs from the moment the request was due (not from when a free connection sent it), so a server that
// falls behind is charged for the wait it causes. autocannon's own rate sends each second's quota as fast as it
// can and then pauses, so its "70 % of the peak" is the peak for most of each second.
//
// The generator shares the machine's cores with the server and PostgreSQL, and whatever delays its own event loop
// (a garbage collection, a slow answer parser) is charged to the server as latency. So it does as little as it can
// per request: each request's bytes are built once, written as one buffer on a kept-alive socket, and an answer is
// read only as far as its status line and length. Node's HTTP client did about ten times this work per request.
import { connect } from 'node:net';
import { connect as connectTls } from 'node:tls';

const percentile = (sorted, share) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];

const HEADER_END = Buffer.from('\r\n\r\n');
const GRAPHQL_ERRORS = Buffer.from('"errors":');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/** The request's bytes, once: request line, headers with the body's length, body. */
export function requestBytes(url, method, headers, body) {
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = Buffer.from(body);
  if (method !== 'GET' || payload.length > 0) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

/**
 * Reads one answer at a time from a socket's bytes: its status once the head is complete, then its body by
 * content-length or, when chunked, up to the last chunk. Calls `done(status, body)` per answer (the body's bytes, as
 * they came: only looked into when it is a GraphQL answer with errors).
 */
function answerReader(done) {
  let buffered = Buffer.alloc(0);
  let status = 0;
  let bodyLeft = -1; // bytes of body still due; -2: chunked, read until the last chunk
  return (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (bodyLeft === -1) {
        const end = buffered.indexOf(HEADER_END);
        if (end < 0) return;
        const head = buffered.toString('latin1', 0, end);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        bodyLeft = length ? Number(length[1]) : /\r\ntransfer-encoding:\s*chunked/i.test(head) ? -2 : 0;
        buffered = buffered.subarray(end + 4);
      }
      let body;
      if (bodyLeft === -2) {
        const end = buffered.indexOf(CHUNKED_END);
        if (end < 0) return;
        body = buffered.subarray(0, end);
        buffered = buffered.subarray(end + CHUNKED_END.length);
      } else {
        if (buffered.length < bodyLeft) return;
        body = buffered.subarray(0, bodyLeft);
        buffered = buffered.subarray(bodyLeft);
      }
      bodyLeft = -1;
      done(status, body);
    }
  };
}

/**
 * With `warmUpSeconds`, the run first holds the rate that long on the same connections and in the same process, and
 * only the requests due after it are measured: a fresh process and fresh connections start cold (the generator's own
 * code not yet optimised, the server's new sockets), and that start is not the held rate being measured.
 *
 * With `windowSeconds`, the figures of each such stretch of the measured run are given too (by the moment each
 * request was due): a short stall is then not averaged away over a long run. With `until`, the run ends when that
 * promise resolves (the requests due by then are still sent and answered), at the latest after `durationSeconds`.
 *
 * Answers that are not a 2xx, or carry GraphQL errors, are counted in `refused` by what refused them (`HTTP 503`, or
 * the first error's code). An https address is reached over TLS, trusting `ca`.
 *
 * @param {{ url: string, method: string, headers: Record<string, string>, body?: string, bodies?: string[],
 *   connections: number, durationSeconds: number, rate: number, warmUpSeconds?: number, windowSeconds?: number,
 *   ca?: string[] }} options
 * @param {Promise<void>} [until]
 * @param {() => void} [onMeasuring] called when the first measured request is due
 * @param {(n: number) => Buffer} [requestFor] the bytes of the n-th request, instead of `body` or `bodies`
 */
export async function pacedLoad(options, until, onMeasuring, requestFor) {
  const url = new URL(options.url);
  if (!requestFor) {
    const requests = (options.bodies ?? [options.body ?? '']).map((body) =>
      requestBytes(url, options.method, options.headers, body),
    );
    requestFor = (n) => requests[n % requests.length];
  }
  /** @type {Record<string, number>} */
  const refused = {};
  const refuse = (what) => (refused[what] = (refused[what] ?? 0) + 1);
  const interval = 1000 / options.rate;
  const warmUp = Math.floor(options.rate * (options.warmUpSeconds ?? 0));
  let total = warmUp + Math.floor(options.rate * options.durationSeconds);
  const latencies = new Float64Array(total);
  /** When each measured request was due, after the first measured one (ms). */
  const dueFromStart = new Float64Array(total);
  let answered = 0;
  let measuredAnswers = 0;
  let non2xx = 0;
  let errorAnswers = 0; // 2xx answers with GraphQL errors
  let lost = 0; // requests whose connection closed before their answer
  let due = 0; // requests whose moment has come
  let sent = 0; // requests handed to a connection
  const idle = [];
  const everyConnection = new Set();
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const settle = () => {
    if (answered + lost === total) finish();
  };

  const sendNext = (connection) => {
    connection.busy = sent < due;
    if (!connection.busy) return idle.push(connection);
    connection.dueAt = started + sent * interval;
    connection.measured = sent >= warmUp;
    connection.socket.write(requestFor(sent));
    sent += 1;
  };
  const open = () =>
    new Promise((resolve, reject) => {
      const connection = {
        // TLS for an https address (the balancer's front end), trusting `options.ca`'s certificates.
        socket:
          url.protocol === 'https:'
            ? connectTls({ host: url.hostname, port: Number(url.port), ca: options.ca })
            : connect(Number(url.port), url.hostname),
        dueAt: 0,
        measured: false,
        busy: false,
        closing: false,
      };
      everyConnection.add(connection);
      connection.socket.setNoDelay(true);
      connection.socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
        connection.socket.removeListener('error', reject);
        // A connection the server ends (its keep-alive time, a restart) is replaced; a request it held is lost.
        connection.socket.on('error', () => {});
        connection.socket.once('close', () => {
          if (connection.closing) return;
          connection.closing = true;
          const waiting = idle.indexOf(connection);
          if (waiting >= 0) idle.splice(waiting, 1);
          if (connection.busy) {
            lost += 1;
            settle();
          }
          if (answered + lost < total) open().then(sendNext, () => {});
        });
        resolve(connection);
      });
      connection.socket.once('error', reject);
      connection.socket.on(
        'data',
        answerReader((status, body) => {
          if (connection.measured) {
            dueFromStart[measuredAnswers] = connection.dueAt - measuredFrom;
            latencies[measuredAnswers++] = performance.now() - connection.dueAt;
          }
          answered += 1;
          if (status < 200 || status >= 300) {
            non2xx += 1;
            refuse(`HTTP ${status}`);
          } else if (body.includes(GRAPHQL_ERRORS)) {
            errorAnswers += 1;
            refuse(/"code":"(\w+)"/.exec(body.toString())?.[1] ?? 'a GraphQL error');
          }
          settle();
          sendNext(connection);
        }),
      );
    });
  const connections = await Promise.all(Array.from({ length: options.connections }, open));
  idle.push(...connections);

  const started = performance.now();
  // When the first measured request was due.
  const measuredFrom = started + warmUp * interval;
  if (onMeasuring) setTimeout(onMeasuring, Math.max(0, measuredFrom - performance.now()));
  const tick = () => {
    const now = performance.now();
    // Every request due by now is released; an idle connection takes it at once, the rest queue in order.
    due = Math.min(total, Math.floor((now - started) / interval) + 1);
    // The connection idle longest goes first: all stay in use, none sits out the server's keep-alive time.
    while (idle.length > 0 && sent < due) sendNext(idle.shift());
    if (due < total) setTimeout(tick, Math.max(0, started + due * interval - performance.now()));
  };
  tick();
  void until?.then(() => {
    // No request is due after this moment; those due already still go.
    total = Math.max(warmUp + 1, due);
    settle();
  });
  // A server that falls behind is waited for, as long as answers keep coming; ten seconds without one ends the run
  // and counts what is still unanswered as failed.
  let answeredBefore = -1;
  const watchdog = setInterval(() => {
    if (answered === answeredBefore && due === total) finish();
    answeredBefore = answered;
  }, 10_000);
  await finished;
  clearInterval(watchdog);
  const elapsedSeconds = (performance.now() - measuredFrom) / 1000;
  for (const connection of everyConnection) {
    connection.closing = true;
    connection.socket.destroy();
  }
  const windows = [];
  if (options.windowSeconds) {
    const byWindow = [];
    for (let i = 0; i < measuredAnswers; i++) {
      const index = Math.floor(dueFromStart[i] / (options.windowSeconds * 1000));
      (byWindow[index] ??= []).push(latencies[i]);
    }
    for (const values of byWindow) {
      const sorted = Float64Array.from(values ?? []).sort();
      windows.push({ p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), total: sorted.length });
    }
  }
  const measured = latencies.subarray(0, measuredAnswers).sort();
  return {
    windows,
    requestsPerSecond: measuredAnswers / elapsedSeconds,
    p50: percentile(measured, 0.5),
    p99: percentile(measured, 0.99),
    non2xx,
    errorAnswers,
    refused,
    // Lost, or never answered before the run's deadline.
    errors: total - answered,
    timeouts: 0,
    // Every answer, the warm-up's too: the server's CPU is measured over the whole run.
    total: answered,
  };
}
