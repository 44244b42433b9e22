import { describe, expect, it } from 'vitest';
import { fittedSize } from '../../client/src/technician/record/photo-size.js';
import { checkForm, formOf, rowOf, textOf, type RecordForm } from '../../client/src/technician/record/record-form.js';
import {
  changeOf,
  enqueueItem,
  memoryItemStore,
  sendWaitingItems,
  waitingOfVisit,
  type RecordItem,
  type SendResult,
  type VisitRecordText,
} from '../../client/src/technician/record/record-queue.js';

const MADE_AT = '2026-11-23T10:00:00.000Z';
const TEXT: VisitRecordText = {
  applianceBrand: 'Miele',
  applianceModel: 'W1',
  applianceSerialNumber: null,
  partsUsed: [{ name: 'Pomp', articleNumber: 'A-1', quantity: 1 }],
  partsNeeded: [],
  officeNote: null,
  consumerNote: null,
};
const photo = (clientId: string, orderId = 1): RecordItem => ({
  kind: 'photo',
  clientId,
  orderId,
  madeAt: MADE_AT,
  photoKind: 'BEFORE',
  forConsumer: false,
  file: new Blob(['jpeg']),
});
const record = (
  clientId: string,
  text: VisitRecordText,
  orderId = 1,
  base: VisitRecordText | null = null,
): RecordItem & { kind: 'record' } => ({
  kind: 'record',
  clientId,
  orderId,
  madeAt: MADE_AT,
  text,
  base,
});

describe('a photo made smaller before it waits', () => {
  it('brings the longest side to 1600 pixels and keeps the proportions', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fittedSize(8000, 10)).toEqual({ width: 1600, height: 2 });
  });

  it('never enlarges a small photo', () => {
    expect(fittedSize(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fittedSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('the queue of what the technician records', () => {
  it('sends in the order things were made and stops at the first that cannot go, keeping it and what follows', async () => {
    const store = memoryItemStore();
    await enqueueItem(store, photo('p1'));
    await enqueueItem(store, record('r1', TEXT));
    await enqueueItem(store, photo('p2'));
    const sent: string[] = [];
    const outcome = await sendWaitingItems(store, (item): Promise<SendResult> => {
      if (item.clientId === 'p2') return Promise.resolve({ sent: false, offline: true });
      sent.push(item.clientId);
      return Promise.resolve({ sent: true });
    });
    expect(sent).toEqual(['p1', 'r1']);
    expect(outcome.sent).toBe(2);
    expect(outcome.waiting.map((item) => item.clientId)).toEqual(['p2']);
  });

  it('sends an item again under the same client id when its answer was lost, so the server stores it once', async () => {
    const store = memoryItemStore([photo('p1')]);
    const stored = new Set<string>();
    const attempts: string[] = [];
    // The first send reaches the server, but its answer does not reach the phone.
    let answerLost = true;
    const send = (item: RecordItem): Promise<SendResult> => {
      attempts.push(item.clientId);
      stored.add(item.clientId);
      if (answerLost) {
        answerLost = false;
        return Promise.resolve({ sent: false, offline: true });
      }
      return Promise.resolve({ sent: true });
    };
    expect((await sendWaitingItems(store, send)).waiting).toHaveLength(1);
    expect((await sendWaitingItems(store, send)).waiting).toHaveLength(0);
    expect(attempts).toEqual(['p1', 'p1']);
    expect([...stored]).toEqual(['p1']);
  });

  it('drops an item the server refuses, with its reason for the card, and goes on with the next', async () => {
    const store = memoryItemStore([photo('p1', 7), photo('p2', 8)]);
    const outcome = await sendWaitingItems(store, (item) =>
      Promise.resolve<SendResult>(
        item.clientId === 'p1' ? { sent: false, offline: false, message: 'Geen afbeelding' } : { sent: true },
      ),
    );
    expect(outcome).toEqual({
      waiting: [],
      refused: [{ orderId: 7, kind: 'photo', message: 'Geen afbeelding' }],
      sent: 1,
    });
  });

  it("keeps only a visit's newest record text and signature: each is saved whole and replaces the one before", async () => {
    const store = memoryItemStore();
    await enqueueItem(store, record('r1', TEXT));
    await enqueueItem(store, photo('p1'));
    await enqueueItem(store, record('r-other', TEXT, 2));
    const newer = { ...TEXT, officeNote: 'Onderdeel besteld' };
    const items = await enqueueItem(store, record('r2', newer));
    expect(items.map((item) => item.clientId)).toEqual(['p1', 'r-other', 'r2']);
    const signature = (clientId: string): RecordItem => ({
      kind: 'signature',
      clientId,
      orderId: 1,
      madeAt: MADE_AT,
      file: new Blob(['png']),
    });
    await enqueueItem(store, signature('s1'));
    const last = await enqueueItem(store, signature('s2'));
    expect(last.map((item) => item.clientId)).toEqual(['p1', 'r-other', 'r2', 's2']);
    expect(waitingOfVisit(last, 1)).toEqual({
      photos: 1,
      record: { text: newer, base: null },
      signature: true,
      removedPhotoIds: [],
    });
    expect(waitingOfVisit(last, 2)).toEqual({
      photos: 0,
      record: { text: TEXT, base: null },
      signature: false,
      removedPhotoIds: [],
    });
  });

  it("gives a newer record text the base of the one it replaces, so the first one's changes are sent with it", async () => {
    const store = memoryItemStore();
    const server = { ...TEXT, officeNote: 'Van kantoor gelezen' };
    await enqueueItem(store, record('r1', { ...server, applianceModel: 'W2' }, 1, server));
    // The form's next save names the text it saved last as its base; the waiting one's base is the one that counts.
    const [newest] = await enqueueItem(
      store,
      record('r2', { ...server, applianceModel: 'W3' }, 1, { ...server, applianceModel: 'W2' }),
    );
    expect(newest).toMatchObject({ clientId: 'r2', base: server });
  });
  it('counts the removals of photos already sent, so the card hides them while they wait', () => {
    const items: RecordItem[] = [
      { kind: 'removePhoto', clientId: 'x', orderId: 1, madeAt: MADE_AT, photoId: 41 },
      photo('p1'),
      photo('p2'),
    ];
    expect(waitingOfVisit(items, 1)).toEqual({ photos: 2, record: null, signature: false, removedPhotoIds: [41] });
  });
});

describe('what a waiting record sends', () => {
  const EMPTY: VisitRecordText = {
    applianceBrand: null,
    applianceModel: null,
    applianceSerialNumber: null,
    partsUsed: [],
    partsNeeded: [],
    officeNote: null,
    consumerNote: null,
  };

  it('sends only what changed from the text the form was filled from', () => {
    const text = {
      ...TEXT,
      consumerNote: 'Filter schoonmaken',
      partsNeeded: [{ name: 'Lager', articleNumber: null, quantity: 2 }],
    };
    expect(changeOf(record('r', text, 1, TEXT))).toEqual({
      consumerNote: 'Filter schoonmaken',
      partsNeeded: [{ name: 'Lager', articleNumber: null, quantity: 2 }],
      partsNeededBefore: [],
    });
    expect(changeOf(record('r', TEXT, 1, TEXT))).toEqual({});
    // A cleared field is a change to null.
    expect(changeOf(record('r', { ...TEXT, applianceModel: null }, 1, TEXT))).toEqual({ applianceModel: null });
  });

  it("opened offline without the server's record: leaves out what is empty, and its lists add to the server's", () => {
    const typed = {
      ...EMPTY,
      officeNote: 'Klant niet thuis om 10 uur',
      partsUsed: [{ name: 'Pomp', articleNumber: null, quantity: 1 }],
    };
    expect(changeOf(record('r', typed))).toEqual({
      officeNote: 'Klant niet thuis om 10 uur',
      partsUsed: typed.partsUsed,
      partsUsedBefore: [],
    });
    expect(changeOf(record('r', EMPTY))).toEqual({});
  });

  it('sends a record stored before the phone kept its base whole, as it was then', () => {
    const { base: _none, ...old } = record('r', TEXT);
    expect(changeOf(old)).toEqual(TEXT);
  });

  it("fills the base from the server's answer without its type names and other fields", () => {
    const answer = {
      ...TEXT,
      __typename: 'VisitRecord',
      partsUsed: [{ __typename: 'VisitPart', name: 'Pomp', articleNumber: 'A-1', quantity: 1 }],
      photos: [],
    };
    expect(textOf(answer)).toEqual(TEXT);
  });
});

describe('the record form on the phone', () => {
  let keys = 0;
  const newKey = () => `k${++keys}`;
  const form = (change: Partial<RecordForm>): RecordForm => ({ ...formOf(null, newKey), ...change });

  it('fills from a record and gives back the same text, trimmed', () => {
    const filled = formOf(TEXT, newKey);
    expect(filled.partsUsed).toEqual([{ key: expect.any(String), name: 'Pomp', articleNumber: 'A-1', quantity: '1' }]);
    expect(checkForm({ ...filled, applianceModel: '  W1  ' })).toEqual({ text: TEXT });
  });

  it('skips empty lines and names what is wrong by the fields the server uses', () => {
    const checked = checkForm(
      form({
        partsUsed: [
          rowOf('a'),
          { ...rowOf('b'), articleNumber: 'X-9' },
          { ...rowOf('c'), name: 'Slang', quantity: '0' },
        ],
        partsNeeded: [{ ...rowOf('d'), name: 'Lager', quantity: '2,5' }],
        officeNote: 'x'.repeat(2001),
      }),
    );
    expect(checked).toEqual({
      problems: {
        'partsUsed.1.name': { key: 'technician.record.problem.required' },
        'partsUsed.2.quantity': { key: 'technician.record.problem.quantity', max: 999 },
        'partsNeeded.0.quantity': { key: 'technician.record.problem.quantity', max: 999 },
        officeNote: { key: 'technician.record.problem.tooLong', max: 2000 },
      },
    });
  });

  it('counts characters as people do: an emoji is one', () => {
    const checked = checkForm(form({ consumerNote: '👍'.repeat(2000) }));
    expect('text' in checked ? checked.text.consumerNote : checked.problems).toBe('👍'.repeat(2000));
  });
});
