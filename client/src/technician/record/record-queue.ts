/**
 * What the technician records of a visit (photos, the record's text, the customer's signature) waits on the phone
 * before it is sent, like the status taps: a photo taken in a cellar is not lost, and everything leaves in the order
 * it was made as soon as the connection returns, after the status taps made before it (the page sends those first).
 * Each item carries the client id it was made with, so a send repeated after a lost answer stores nothing twice.
 * The storage is behind `RecordItemStore` (IndexedDB on the phone, an array in the unit tests).
 */

/**
 * What the server made of one send, as for the status taps. `offline`: it did not take the item now (no
 * connection, or the session ended); the item waits with the ones behind it.
 */
export type SendResult =
  { sent: true } | { sent: false; offline: true } | { sent: false; offline: false; message: string };

export type VisitPhotoKind = 'TYPE_PLATE' | 'BEFORE' | 'AFTER' | 'OTHER';

export interface VisitPartLine {
  name: string;
  articleNumber: string | null;
  quantity: number;
}

/** The record's text, saved whole (what SaveVisitRecordInput takes, but the order id). */
export interface VisitRecordText {
  applianceBrand: string | null;
  applianceModel: string | null;
  applianceSerialNumber: string | null;
  partsUsed: VisitPartLine[];
  partsNeeded: VisitPartLine[];
  officeNote: string | null;
  consumerNote: string | null;
}

interface ItemBase {
  /** The id the server keeps the item under (photo, signature) or that names it here (record, removal). */
  clientId: string;
  orderId: number;
  madeAt: string;
}

export type RecordItem = ItemBase &
  (
    | { kind: 'photo'; photoKind: VisitPhotoKind; forConsumer: boolean; file: Blob }
    | { kind: 'record'; text: VisitRecordText }
    | { kind: 'signature'; file: Blob }
    | { kind: 'removePhoto'; photoId: number }
  );

/** The waiting items of one technician on this phone, oldest first. */
export interface RecordItemStore {
  all(): Promise<RecordItem[]>;
  add(item: RecordItem): Promise<void>;
  remove(clientIds: readonly string[]): Promise<void>;
}

/** A refused item, with the server's reason in the technician's language, for the card of its visit. */
export interface RefusedItem {
  orderId: number;
  kind: RecordItem['kind'];
  message: string;
}

/**
 * Puts an item in line. The record's text is saved whole, and a new signature replaces the one before: a waiting
 * one of the same visit is then out of date and leaves the line (it would only be overwritten).
 */
export async function enqueueItem(store: RecordItemStore, item: RecordItem): Promise<RecordItem[]> {
  if (item.kind === 'record' || item.kind === 'signature') {
    const outdated = (await store.all()).filter(
      (waiting) => waiting.kind === item.kind && waiting.orderId === item.orderId,
    );
    if (outdated.length > 0) await store.remove(outdated.map((waiting) => waiting.clientId));
  }
  await store.add(item);
  return store.all();
}

/**
 * Sends the waiting items one by one, oldest first. Stops at the first one that cannot reach the server (the rest
 * wait behind it, so the order holds); one the server refuses is dropped and its reason returned.
 */
export async function sendWaitingItems(
  store: RecordItemStore,
  send: (item: RecordItem) => Promise<SendResult>,
): Promise<{ waiting: RecordItem[]; refused: RefusedItem[]; sent: number }> {
  const refused: RefusedItem[] = [];
  let sent = 0;
  for (;;) {
    const [first] = await store.all();
    if (!first) return { waiting: [], refused, sent };
    const result = await send(first);
    if (!result.sent && result.offline) return { waiting: await store.all(), refused, sent };
    if (result.sent) sent++;
    else refused.push({ orderId: first.orderId, kind: first.kind, message: result.message });
    await store.remove([first.clientId]);
  }
}

/** What of one visit still waits on the phone, for its card. */
export interface WaitingOfVisit {
  photos: number;
  /** The record's text, when a save waits (the newest: it holds everything typed). */
  record: VisitRecordText | null;
  signature: boolean;
  /** Photos on the server that wait to be removed (hidden on the card meanwhile). */
  removedPhotoIds: number[];
}

export function waitingOfVisit(items: readonly RecordItem[], orderId: number): WaitingOfVisit {
  const own = items.filter((item) => item.orderId === orderId);
  let record: VisitRecordText | null = null;
  for (const item of own) if (item.kind === 'record') record = item.text;
  return {
    photos: own.filter((item) => item.kind === 'photo').length,
    record,
    signature: own.some((item) => item.kind === 'signature'),
    removedPhotoIds: own.flatMap((item) => (item.kind === 'removePhoto' ? [item.photoId] : [])),
  };
}

/** An array standing in for IndexedDB where there is none (a browser that blocks it; the unit tests). */
export function memoryItemStore(initial: readonly RecordItem[] = []): RecordItemStore {
  let items = [...initial];
  return {
    all: () => Promise.resolve([...items]),
    add: (item) => {
      items = [...items, item];
      return Promise.resolve();
    },
    remove: (clientIds) => {
      items = items.filter((item) => !clientIds.includes(item.clientId));
      return Promise.resolve();
    },
  };
}
