import { useId } from 'react';
import { Message } from '../../components/Message';
import { ArrivalQuestion } from './ArrivalQuestion';
import { OutcomeQuestion } from './OutcomeQuestion';
import type { VisitCardOrder } from './today-documents';
import { useVisitQuestion } from './useVisitQuestion';
import { useVisitTaps } from './useVisitTaps';
import { VisitActions } from './VisitActions';
import { VisitCardHead } from './VisitCardHead';
import type { StatusChange } from './visit-change';
import type { ShownStatus } from './visit-stage';
import { VisitStatusLine } from './VisitStatusLine';
import { OrderCardDetails } from '../order/OrderCardDetails';
import { PreviousVisitRecord } from './PreviousVisitRecord';
import { VisitRecordSection } from '../record/VisitRecordSection';

/**
 * One visit of today: the order card, its status, and the one or two taps that move it on. Onderweg asks for the
 * expected arrival (a few minutes from now, or a time), Afgerond for the outcome; "Corrigeren" takes back the last
 * step once, for a mis-tap.
 */
export function VisitCard({
  order,
  status,
  number,
  isNext,
  date,
  now,
  refusal,
  onTap,
}: {
  order: VisitCardOrder;
  status: ShownStatus;
  number: number;
  isNext: boolean;
  /** Today's date (YYYY-MM-DD) in the technician's country. */
  date: string;
  /** The server's current time, as this phone best knows it. */
  now: () => Date;
  /** Why the server refused this visit's last tap, in the technician's language. */
  refusal: string | null;
  onTap: (change: StatusChange) => void;
}) {
  const ids = useId();
  const { asking, ask, close, problem, setProblem, questionRef, actionsRef } = useVisitQuestion();
  const taps = useVisitTaps({ order, date, now, onTap, close, setProblem });
  const headingId = `${ids}-heading`;
  return (
    <li
      className={['visit-card', isNext && 'is-next', status.stage === 'FINISHED' && 'is-finished']
        .filter(Boolean)
        .join(' ')}
      data-order={order.id}
      aria-labelledby={headingId}
    >
      <VisitCardHead headingId={headingId} order={order} number={number} isNext={isNext} />
      <OrderCardDetails order={order} />
      <PreviousVisitRecord order={order} />
      <VisitStatusLine status={status} />
      {/* Right above the buttons, where the thumb is: why a tap was refused, or what the question still needs. */}
      <div className="visit-feedback" data-feedback>
        <Message tone="error">{problem ?? (asking === null ? refusal : null)}</Message>
      </div>
      {asking === null && <VisitActions ref={actionsRef} status={status} onAsk={ask} onTap={taps.tap} />}
      {asking === 'arrival' && (
        <ArrivalQuestion
          ref={questionRef}
          idPrefix={ids}
          arrival={taps.arrival}
          callFirst={order.reply?.answer === 'CALL_ME'}
          onCancel={() => ask(null)}
        />
      )}
      {asking === 'outcome' && (
        <OutcomeQuestion ref={questionRef} idPrefix={ids} answer={taps.outcome} onCancel={() => ask(null)} />
      )}
      <VisitRecordSection orderId={order.id} stage={status.stage} />
    </li>
  );
}
