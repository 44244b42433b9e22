import { useApolloClient, useMutation } from '@apollo/client/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { uploadOperation } from '../../lib/upload';
import { signedInTechnicianId } from '../offline/technician-storage';
import {
  AddVisitPhotoMutation,
  RemoveVisitPhotoMutation,
  SaveVisitRecordMutation,
  SignVisitMutation,
} from './record-documents';
import {
  changeOf,
  enqueueItem,
  memoryItemStore,
  sendWaitingItems,
  type RecordItem,
  type RefusedItem,
  type SendResult,
} from './record-queue';
import { indexedDbItemStore } from './record-store';

/** How often waiting items are tried again while the phone thinks it is online but the server cannot be reached. */
const RETRY_MS = 15_000;

interface RecordQueue {
  /** Every waiting item of the signed-in technician, oldest first. */
  waiting: readonly RecordItem[];
  refused: readonly RefusedItem[];
  enqueue: (item: RecordItem) => Promise<void>;
  /** Takes a waiting item out of line before it was sent (a photo taken by mistake). */
  drop: (clientId: string) => Promise<void>;
}

const RecordQueueContext = createContext<RecordQueue | null>(null);

export function useRecordQueue(): RecordQueue {
  const queue = useContext(RecordQueueContext);
  if (!queue) throw new Error('useRecordQueue needs a RecordQueueProvider');
  return queue;
}

/**
 * The day's side of visit records: what the technician records waits on the phone (IndexedDB) and is sent from
 * here, in the order it was made, once no status tap waits any more: the taps go first, so the server sees the
 * visit's steps before what was recorded after them.
 */
export function RecordQueueProvider({ tapsWaiting, children }: { tapsWaiting: number; children: ReactNode }) {
  const { t, language } = useI18n();
  const client = useApolloClient();
  const [saveRecord] = useMutation(SaveVisitRecordMutation);
  const [removePhoto] = useMutation(RemoveVisitPhotoMutation);
  const store = useMemo(() => {
    const technicianId = signedInTechnicianId();
    return technicianId === null ? memoryItemStore() : indexedDbItemStore(technicianId);
  }, []);
  const [waiting, setWaiting] = useState<readonly RecordItem[]>([]);
  const [refused, setRefused] = useState<readonly RefusedItem[]>([]);
  const sending = useRef<Promise<void> | null>(null);
  const tapsFirst = useRef(tapsWaiting);
  useEffect(() => {
    tapsFirst.current = tapsWaiting;
  }, [tapsWaiting]);

  const sendOne = useCallback(
    async (item: RecordItem): Promise<SendResult> => {
      const failed = (error: unknown): SendResult => {
        const problem = problemOf(error, t('common.genericError'));
        // As for the taps: an ended session refuses the sender, not the item; it waits for the next sign-in. A
        // server busy with other uploads takes it a moment later.
        return problem.code === 'NETWORK' || problem.code === 'UNAUTHENTICATED' || problem.code === 'UPLOADS_BUSY'
          ? { sent: false, offline: true }
          : { sent: false, offline: false, message: problem.message };
      };
      const options = { token: 'technician' as const, language };
      const { orderId, clientId } = item;
      try {
        if (item.kind === 'photo') {
          const file = new File([item.file], 'photo.jpg', { type: item.file.type || 'image/jpeg' });
          const input = { orderId, clientId, kind: item.photoKind, forConsumer: item.forConsumer };
          await uploadOperation(AddVisitPhotoMutation, { input }, 'file', file, options);
        } else if (item.kind === 'signature') {
          const file = new File([item.file], 'signature.png', { type: 'image/png' });
          await uploadOperation(SignVisitMutation, { input: { orderId, clientId } }, 'file', file, options);
        } else {
          const { error } =
            item.kind === 'record'
              ? await saveRecord({ variables: { input: { orderId, ...changeOf(item) } } })
              : await removePhoto({ variables: { input: { orderId, photoId: item.photoId } } });
          if (error) return failed(error);
        }
        return { sent: true };
      } catch (error) {
        return failed(error);
      }
    },
    [saveRecord, removePhoto, language, t],
  );

  const sendNow = useCallback((): Promise<void> => {
    // The taps first; this runs again once they are gone (tapsWaiting changes).
    if (tapsFirst.current > 0) return Promise.resolve();
    // One sender at a time, so the items leave in the order they were made.
    sending.current ??= sendWaitingItems(store, sendOne)
      .then(async (outcome) => {
        setWaiting(outcome.waiting);
        if (outcome.refused.length > 0) setRefused(outcome.refused);
        // What reached the server shows from the server: the open records are read again.
        if (outcome.sent > 0 || outcome.refused.length > 0) {
          await client.refetchQueries({ include: ['TechnicianVisitRecord'] });
        }
      })
      .catch(() => undefined)
      .finally(() => {
        sending.current = null;
      });
    return sending.current;
  }, [store, sendOne, client]);

  const enqueue = useCallback(
    async (item: RecordItem) => {
      setRefused((previous) => previous.filter((refusal) => refusal.orderId !== item.orderId));
      setWaiting(await enqueueItem(store, item));
      void sendNow();
    },
    [store, sendNow],
  );

  const drop = useCallback(
    async (clientId: string) => {
      await store.remove([clientId]);
      setWaiting(await store.all());
    },
    [store],
  );

  useEffect(() => {
    // Read what waits from an earlier visit of the page, then send it (once the taps are gone).
    void store.all().then(setWaiting, () => undefined);
  }, [store]);

  useEffect(() => {
    const online = () => void sendNow();
    window.addEventListener('online', online);
    if (tapsWaiting === 0) void sendNow();
    return () => window.removeEventListener('online', online);
  }, [sendNow, tapsWaiting]);

  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = window.setInterval(() => void sendNow(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting.length, sendNow]);

  const value = useMemo(() => ({ waiting, refused, enqueue, drop }), [waiting, refused, enqueue, drop]);
  return <RecordQueueContext.Provider value={value}>{children}</RecordQueueContext.Provider>;
}
