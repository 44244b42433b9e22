import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import {
  enqueue,
  readQueue,
  sendWaiting,
  type RefusedTap,
  type SendResult,
  type StatusChange,
} from '../offline/status-queue';
import { SetVisitStatusMutation, UndoVisitStatusMutation } from './today-documents';

/** How often waiting taps are tried again while the phone thinks it is online but the server cannot be reached. */
const RETRY_MS = 15_000;

/**
 * Status taps: each is stored on the phone first, then sent. What cannot be sent waits and goes, in order, when
 * the browser says the connection is back (and every little while, since phones are not always right about that).
 */
export function useWaitingTaps({ onSent }: { onSent: () => void }) {
  const { t } = useI18n();
  const [setStatus] = useMutation(SetVisitStatusMutation);
  const [undoStatus] = useMutation(UndoVisitStatusMutation);
  const [waiting, setWaiting] = useState<StatusChange[]>(readQueue);
  const [refused, setRefused] = useState<RefusedTap[]>([]);
  const sending = useRef<Promise<void> | null>(null);

  const sendOne = useCallback(
    async (change: StatusChange): Promise<SendResult> => {
      const failed = (error: unknown): SendResult => {
        const problem = problemOf(error, t('common.genericError'));
        // An ended session (a new password, an expired token) refuses the sender, not the tap: it waits for the
        // same technician's next sign-in (the area keeps it when it clears the session).
        return problem.code === 'NETWORK' || problem.code === 'UNAUTHENTICATED'
          ? { sent: false, offline: true }
          : { sent: false, offline: false, message: problem.message };
      };
      try {
        const { error } =
          change.kind === 'undo'
            ? await undoStatus({ variables: { input: { orderId: change.orderId, requestId: change.requestId } } })
            : await setStatus({
                variables: {
                  input: {
                    orderId: change.orderId,
                    requestId: change.requestId,
                    stage: change.stage ?? 'ON_THE_WAY',
                    expectedArrival: change.expectedArrival ?? null,
                    outcome: change.outcome ?? null,
                    note: change.note ?? null,
                  },
                },
              });
        return error ? failed(error) : { sent: true };
      } catch (error) {
        return failed(error);
      }
    },
    [setStatus, undoStatus, t],
  );

  const sendNow = useCallback((): Promise<void> => {
    // One sender at a time, so the taps leave in the order they were made.
    const before = readQueue().length;
    sending.current ??= sendWaiting(sendOne)
      .then((outcome) => {
        setWaiting(outcome.waiting);
        if (outcome.refused.length > 0) setRefused(outcome.refused);
        // Something reached the server (or was refused by it): the day is read again to show its word.
        if (outcome.waiting.length < before) onSent();
      })
      .finally(() => {
        sending.current = null;
      });
    return sending.current;
  }, [sendOne, onSent]);

  const tap = useCallback(
    (change: StatusChange) => {
      setRefused([]);
      setWaiting(enqueue(change));
      void sendNow();
    },
    [sendNow],
  );

  useEffect(() => {
    const online = () => void sendNow();
    window.addEventListener('online', online);
    if (readQueue().length > 0) void sendNow();
    return () => window.removeEventListener('online', online);
  }, [sendNow]);

  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = window.setInterval(() => void sendNow(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting.length, sendNow]);

  return { waiting, refused, tap };
}
