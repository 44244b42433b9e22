/**
 * Status taps waiting to reach the server, kept on the phone so that a tap in a dead spot is not lost: sent in
 * the order they were made as soon as the connection returns. Each carries the id it was made with, so a send
 * repeated after a lost answer changes nothing on the server.
 */
import type { StatusChange } from '../today/visit-change';
import { ownKey, partKey } from './technician-storage';

export type { StatusChange } from '../today/visit-change';

/**
 * What the server made of one send. `offline`: it did not take the tap now (no connection, or the session ended);
 * the tap waits with the ones behind it.
 */
export type SendResult =
  { sent: true } | { sent: false; offline: true } | { sent: false; offline: false; message: string };

/** A tap the server refused, with its reason in the technician's language, for the card of its visit. */
export interface RefusedTap {
  orderId: number;
  message: string;
}

const keyOf = (): string | null => ownKey('waiting');

export function readQueue(): StatusChange[] {
  const key = keyOf();
  if (!key) return [];
  try {
    const parsed = JSON.parse(window.localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as StatusChange[]) : [];
  } catch {
    return [];
  }
}

/** How many taps of a technician wait on this phone (read on the sign-in page, before anyone is signed in). */
export function waitingCountOf(technicianId: string): number {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(partKey(technicianId, 'waiting')) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

function writeQueue(changes: readonly StatusChange[]): void {
  const key = keyOf();
  if (!key) return;
  try {
    window.localStorage.setItem(key, JSON.stringify(changes));
  } catch {
    // Nothing better to do: the tap is then only in this page's memory.
  }
}

export function enqueue(change: StatusChange): StatusChange[] {
  const next = [...readQueue(), change];
  writeQueue(next);
  return next;
}

export function newRequestId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends the waiting taps one by one, oldest first. Stops at the first one that cannot reach the server (the rest
 * wait behind it, so the order holds); one the server refuses is dropped and its reason returned.
 */
export async function sendWaiting(
  send: (change: StatusChange) => Promise<SendResult>,
): Promise<{ waiting: StatusChange[]; refused: RefusedTap[] }> {
  const refused: RefusedTap[] = [];
  for (;;) {
    const [first] = readQueue();
    if (!first) return { waiting: [], refused };
    const result = await send(first);
    if (!result.sent && result.offline) return { waiting: readQueue(), refused };
    if (!result.sent) refused.push({ orderId: first.orderId, message: result.message });
    writeQueue(readQueue().filter((change) => change.requestId !== first.requestId));
  }
}
