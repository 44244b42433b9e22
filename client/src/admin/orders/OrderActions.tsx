import { useRef } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { graphql } from '../../gql';
import type { OrderActions_OrderFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { useOfficeMay } from '../console/office-role';
import { OrderActionDialogs } from './order-actions/OrderActionDialogs';
import { OrderActionsForm } from './order-actions/OrderActionsForm';
import { useOrderActions } from './order-actions/useOrderActions';
import { StatusMessages, type Status } from './StatusMessages';
import type { TechnicianOption } from './TechnicianSelect';

/** @public Read by codegen: the order page's query and the order mutations spread it. */
export const OrderActionsFragment = graphql(`
  fragment OrderActions_order on Order {
    id
    referenceNumber
    name
    country
    street
    zipcode
    houseNumber
    houseNumberAddition
    city
    appointment
    duration
    dayConfirmed
    technician {
      id
      personalNumber
      firstname
      lastname
    }
    deleted {
      date
    }
  }
`);

/**
 * What the dispatcher can do with one order, in place: another technician, another day, the address, delete. Each
 * asks in an in-page dialog that names what changes. Taking a change back is ONE control at a time: right after a
 * reassignment or delete, "Ongedaan maken" for a few seconds while the technician's day is not confirmed (it calls the
 * inverse mutation without asking again); a deleted order without that offer shows "Terugzetten", which asks first
 * (it may be hours later, and the customer may hear of it). The two never stand side by side. A role that does not
 * plan (a viewer) sees none of them: only the outcome of others' changes is the page's.
 */
export function OrderActions({
  order,
  technicians,
  status,
  onStatus,
}: {
  order: OrderActions_OrderFragment;
  technicians: readonly TechnicianOption[];
  status: Status;
  onStatus: (status: Status) => void;
}) {
  const { t } = useI18n();
  const statusRef = useRef<HTMLDivElement>(null);
  const actions = useOrderActions(order, technicians, onStatus, statusRef);
  const { undo, undoing, runUndo } = actions.undo;
  const deleted = Boolean(order.deleted);
  const plans = useOfficeMay('plan');
  return (
    <>
      {plans && !deleted && <OrderActionsForm actions={actions} />}
      <div ref={statusRef} tabIndex={-1} className="order-status">
        <StatusMessages status={status} />
        {undo ? (
          <p className="undo-notice">
            <span>{undo.text}</span>{' '}
            <BusyButton type="button" className="button button-secondary" busy={undoing} onClick={() => void runUndo()}>
              {t('admin.orders.undo')}
            </BusyButton>
          </p>
        ) : (
          plans &&
          deleted && (
            <div className="toolbar">
              <BusyButton
                type="button"
                className="button button-primary"
                busy={actions.restoring}
                onClick={() => void actions.restoreOrder()}
              >
                {t('admin.orders.restore')}
              </BusyButton>
            </div>
          )
        )}
      </div>
      <OrderActionDialogs actions={actions} />
    </>
  );
}
