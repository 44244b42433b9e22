import { useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { newRequestId } from '../offline/status-queue';
import { arrivalAt } from './arrival-time';
import type { VisitCardOrder } from './today-documents';
import type { StatusChange, VisitOutcome } from './visit-change';

/**
 * The taps of one visit card and the answers its questions collect. The answers stay while the card lives, so a
 * question opened again (after "Annuleren" or a correction) shows what was chosen before.
 */
export function useVisitTaps({
  order,
  date,
  now,
  onTap,
  close,
  setProblem,
}: {
  order: VisitCardOrder;
  date: string;
  now: () => Date;
  onTap: (change: StatusChange) => void;
  /** Puts the question away once a tap is made. */
  close: () => void;
  /** Says what the question still needs. */
  setProblem: (problem: string) => void;
}) {
  const { t } = useI18n();
  const [otherTime, setOtherTime] = useState('');
  const [outcome, setOutcome] = useState<VisitOutcome | null>(null);
  const [note, setNote] = useState('');

  const tap = (change: Omit<StatusChange, 'requestId' | 'orderId' | 'tappedAt'>) => {
    close();
    onTap({ ...change, requestId: newRequestId(), orderId: order.id, tappedAt: now().toISOString() });
  };

  const onTheWayIn = (minutes: number) =>
    tap({
      kind: 'set',
      stage: 'ON_THE_WAY',
      expectedArrival: new Date(now().getTime() + minutes * 60_000).toISOString(),
    });

  const onTheWayAt = (event: FormEvent) => {
    event.preventDefault();
    const at = arrivalAt(date, otherTime, TIME_ZONE[order.country]);
    if (!at) return setProblem(t('technician.today.arrivalTimeMissing'));
    if (at.getTime() <= now().getTime()) return setProblem(t('technician.today.arrivalTimePast'));
    tap({ kind: 'set', stage: 'ON_THE_WAY', expectedArrival: at.toISOString() });
  };

  const finish = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return setProblem(t('technician.today.outcomeMissing'));
    tap({ kind: 'set', stage: 'FINISHED', outcome, note: note.trim() || undefined });
  };

  return {
    tap,
    arrival: { otherTime, setOtherTime, onTheWayIn, onTheWayAt },
    outcome: { outcome, setOutcome, note, setNote, finish },
  };
}
