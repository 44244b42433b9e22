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

/** The record's text as the form holds it (the fields of SaveVisitRecordInput, but the order id). */
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
    | {
        kind: 'record';
        text: VisitRecordText;
        /**
         * The text the form was filled from (the server's record as last read, or what was saved from the form
         * before); null when the phone did not know the server's record (opened offline). What is sent is `text`'s
         * difference from it, so an out-of-date copy changes only what the technician changed. Missing in items
         * stored before the phone kept it: those are sent whole.
         */
        base?: VisitRecordText | null;
      }
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
 * Puts an item in line. A new record text and a new signature replace a waiting one of the same visit (it would
 * only be overwritten); the new text then keeps the waiting one's base, so what that one changed is sent with it.
 */
export async function enqueueItem(store: RecordItemStore, item: RecordItem): Promise<RecordItem[]> {
  let added = item;
  if (item.kind === 'record' || item.kind === 'signature') {
    const outdated = (await store.all()).filter(
      (waiting) => waiting.kind === item.kind && waiting.orderId === item.orderId,
    );
    const [oldest] = outdated;
    if (item.kind === 'record' && oldest?.kind === 'record') added = { ...item, base: oldest.base };
    if (outdated.length > 0) await store.remove(outdated.map((waiting) => waiting.clientId));
  }
  await store.add(added);
  return store.all();
}

const TEXT_FIELDS = [
  'applianceBrand',
  'applianceModel',
  'applianceSerialNumber',
  'officeNote',
  'consumerNote',
] as const satisfies readonly (keyof VisitRecordText)[];

const sameParts = (a: readonly VisitPartLine[], b: readonly VisitPartLine[]) =>
  a.length === b.length &&
  a.every(
    (line, index) =>
      line.name === b[index].name &&
      line.articleNumber === b[index].articleNumber &&
      line.quantity === b[index].quantity,
  );

/** What a waiting record sends (SaveVisitRecordInput but the order id): the fields changed from its base. */
export type RecordChange = Partial<VisitRecordText> & {
  partsUsedBefore?: VisitPartLine[];
  partsNeededBefore?: VisitPartLine[];
};

/**
 * The fields the technician changed from the text the form was filled from: a field left out keeps the server's,
 * and a changed list of parts goes with the list it was edited from, so the server removes and adds lines instead of
 * replacing its list. A form filled without the server's record changed every field it holds, and its lists were
 * edited from an empty list (the server keeps its lines and adds the new ones).
 */
export function changeOf(item: { text: VisitRecordText; base?: VisitRecordText | null }): RecordChange {
  const { text, base } = item;
  if (base === undefined) return { ...text };
  const change: RecordChange = {};
  for (const field of TEXT_FIELDS) if (text[field] !== (base?.[field] ?? null)) change[field] = text[field];
  if (!sameParts(text.partsUsed, base?.partsUsed ?? [])) {
    change.partsUsed = text.partsUsed;
    change.partsUsedBefore = base?.partsUsed ?? [];
  }
  if (!sameParts(text.partsNeeded, base?.partsNeeded ?? [])) {
    change.partsNeeded = text.partsNeeded;
    change.partsNeededBefore = base?.partsNeeded ?? [];
  }
  return change;
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
  /** The record's text and its base, when a save waits (the newest: it holds everything typed). */
  record: { text: VisitRecordText; base: VisitRecordText | null } | null;
  signature: boolean;
  /** Photos on the server that wait to be removed (hidden on the card meanwhile). */
  removedPhotoIds: number[];
}

export function waitingOfVisit(items: readonly RecordItem[], orderId: number): WaitingOfVisit {
  const own = items.filter((item) => item.orderId === orderId);
  let record: WaitingOfVisit['record'] = null;
  for (const item of own) if (item.kind === 'record') record = { text: item.text, base: item.base ?? null };
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
