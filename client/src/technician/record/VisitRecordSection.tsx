import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Message } from '../../components/Message';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import type { VisitStage } from '../today/visit-change';
import { RecordPhotos } from './RecordPhotos';
import { RecordTextForm } from './RecordTextForm';
import { TechnicianVisitRecordQuery } from './record-documents';
import { textOf } from './record-form';
import { waitingOfVisit, type WaitingOfVisit } from './record-queue';
import { useRecordQueue } from './RecordQueue';
import { SignaturePad } from './SignaturePad';

/**
 * "2 foto's wachten op verbinding. Het verslag wacht op verbinding.", or null when nothing of the visit waits. A
 * sentence each: no punctuation is added here that French would space differently.
 */
function waitingText(waiting: WaitingOfVisit, t: ReturnType<typeof useI18n>['t']): string | null {
  const parts = [
    waiting.photos === 1 && t('technician.record.waiting.photo'),
    waiting.photos > 1 && t('technician.record.waiting.photos', { count: waiting.photos }),
    waiting.record && t('technician.record.waiting.record'),
    waiting.signature && t('technician.record.waiting.signature'),
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return null;
  return parts.map((part) => `${part.charAt(0).toUpperCase()}${part.slice(1)}.`).join(' ');
}

/**
 * "Bezoek vastleggen" on a visit card: photos, the appliance, parts, notes and, once the visit is finished, the
 * customer's signature. Everything waits on the phone first and is sent from there (RecordQueue), so it works in a
 * dead spot; the card says what still waits, also while the section is closed.
 */
export function VisitRecordSection({ orderId, stage }: { orderId: number; stage: VisitStage | null }) {
  const { t } = useI18n();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const queue = useRecordQueue();
  const waiting = waitingOfVisit(queue.waiting, orderId);
  const refusals = queue.refused
    .filter((refusal) => refusal.orderId === orderId)
    .map((refusal) => refusal.message)
    .join(' ');
  const { data, error } = useQuery(TechnicianVisitRecordQuery, {
    variables: { orderId },
    skip: !open,
    fetchPolicy: 'cache-and-network',
  });
  const record = data?.technicianVisitRecord ?? null;
  const notLoaded = !data && error !== undefined && problemOf(error, '').code === 'NETWORK';
  const bodyId = `${ids}-record`;
  return (
    // Not a landmark: every card has one, and landmarks of the same name could not be told apart.
    <div className="visit-record">
      <p className="visit-record-waiting" role="status">
        {waitingText(waiting, t)}
      </p>
      <Message tone="error">{refusals || null}</Message>
      <button
        type="button"
        id={`${ids}-toggle`}
        className="button button-secondary visit-record-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
      >
        {t('technician.record.toggle')}
      </button>
      {open && (
        <div id={bodyId} className="visit-record-body">
          {notLoaded && <p className="field-hint">{t('technician.record.notLoaded')}</p>}
          {error && !notLoaded && <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>}
          <RecordPhotos idPrefix={ids} orderId={orderId} photos={record?.photos ?? []} waiting={waiting} />
          {/*
            Filled once: from what waits on the phone (the newest), else from the server once it answered (or from
            Apollo's cache of it). Opened offline without either, it starts empty and sends only what is typed.
          */}
          {(data !== undefined || error !== undefined || waiting.record !== null) && (
            <RecordTextForm
              idPrefix={ids}
              orderId={orderId}
              {...(waiting.record ?? { text: record && textOf(record), base: record && textOf(record) })}
            />
          )}
          {stage === 'FINISHED' && (
            <SignaturePad
              idPrefix={ids}
              orderId={orderId}
              signed={waiting.signature ? 'waiting' : (record?.signature ?? null)}
            />
          )}
        </div>
      )}
    </div>
  );
}
