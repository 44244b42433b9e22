import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Announcements of committed changes, between every server instance on one database.
 *
 * A change is announced with PostgreSQL's NOTIFY inside the transaction that makes it, so the
 * announcement is delivered if and only if the change commits, and only after it did: no
 * listener ever reacts to a change it cannot read yet, or to one that was rolled back. Every
 * instance (the one that made the change too) receives it on its own listening connection
 * (`ChangeListener`) and hands it to the subscribers in that process.
 *
 * Announcements are for reacting quickly (live pages, refreshing a board), not for work that
 * must happen: a listener that is disconnected misses them (it is told so, see `onResync`).
 * Work that must happen exactly once is enqueued as a job in the same transaction instead.
 */
export const CHANGE_CHANNEL = 'tijdvak_changes';

/** A committed change. The topic names what changed; `ids` the rows (may be empty for bulk changes). */
export interface ChangeNotice {
  topic: string;
  ids: readonly number[];
  /** A few small facts about the change (what kind, which import); never personal data. */
  detail: Readonly<Record<string, string | number | boolean | null>>;
}

/** PostgreSQL refuses payloads of 8000 bytes and more; ids beyond this are sent in further notices. */
const MAX_PAYLOAD_BYTES = 7_000;

/** The notices as payloads, splitting the ids so that no payload passes the limit. */
export function noticePayloads(notice: ChangeNotice): string[] {
  const head = JSON.stringify({ topic: notice.topic, detail: notice.detail, ids: [] });
  if (Buffer.byteLength(head) > MAX_PAYLOAD_BYTES) throw new Error(`change notice ${notice.topic}: detail too large`);
  if (notice.ids.length === 0) return [head];
  const payloads: string[] = [];
  let ids: number[] = [];
  let bytes = Buffer.byteLength(head);
  for (const id of notice.ids) {
    const idBytes = String(id).length + 1;
    if (ids.length > 0 && bytes + idBytes > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ topic: notice.topic, detail: notice.detail, ids }));
      ids = [];
      bytes = Buffer.byteLength(head);
    }
    ids.push(id);
    bytes += idBytes;
  }
  payloads.push(JSON.stringify({ topic: notice.topic, detail: notice.detail, ids }));
  return payloads;
}

/**
 * Announces a change from inside the transaction that makes it (pass that transaction's `em`);
 * delivered to every instance when, and only if, the transaction commits. One statement.
 */
export async function announceChange(em: EntityManager, notice: ChangeNotice): Promise<void> {
  if (!em.isInTransaction()) throw new Error('announceChange runs inside the transaction of the change');
  // The payloads travel as one JSON array: one statement, whatever their number.
  await em.execute('select pg_notify(?, payload) from json_array_elements_text(?::json) as payload', [
    CHANGE_CHANNEL,
    JSON.stringify(noticePayloads(notice)),
  ]);
}

/** A payload as received; anything that is not a well-formed notice is ignored (null). */
export function parseNotice(payload: string | undefined): ChangeNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { topic, ids, detail } = value as Record<string, unknown>;
    if (typeof topic !== 'string' || !Array.isArray(ids) || !ids.every((id) => Number.isInteger(id))) return null;
    if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return null;
    return { topic, ids: ids as number[], detail: detail as ChangeNotice['detail'] };
  } catch {
    return null;
  }
}
