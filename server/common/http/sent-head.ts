import type { ServerResponse } from 'node:http';

/** What stands for an answer's head once it went out: its text is never read again, only whether there is one. */
const SENT_HEAD = 'HTTP/1.1 (sent)\r\n\r\n';

/** Node's key of the headers an answer's head is made from (found on the first answer; null: none such). */
let headersKey: symbol | null | undefined;

/**
 * After an answer's head went out, lets go of what Node keeps of it for the answer's whole life: the head's text (a
 * chain of some thirty pieces, over a kilobyte) and the headers it was made from. Node reads that text afterwards
 * only to know whether the head was sent (`headersSent`), which a short shared text says as well, and the headers
 * only for `getHeader` and its like, which then find none. For answers open for hours, thousands at once (live
 * streams). Where Node keeps them otherwise (another version), the answer keeps them, as before.
 */
export function forgetSentHead(res: ServerResponse): void {
  const answer = res as ServerResponse & { _header?: unknown; _headerSent?: unknown };
  if (answer._headerSent !== true || typeof answer._header !== 'string') return;
  answer._header = SENT_HEAD;
  if (headersKey === undefined) {
    headersKey = Object.getOwnPropertySymbols(res).find((key) => key.description === 'kOutHeaders') ?? null;
  }
  if (headersKey) (res as unknown as Record<symbol, unknown>)[headersKey] = null;
}
