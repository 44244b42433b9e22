import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { BusyButton } from '../../components/BusyButton';
import { Dialog } from '../../components/Dialog';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import type { Country } from '../../i18n/locale';
import { errorExtensionsOf, problemOf } from '../../lib/errors';
import { orderPagePath } from '../orders/order-links';
import { TechnicianSelect } from '../orders/TechnicianSelect';

const DeleteTechnicianMutation = graphql(`
  mutation DeleteTechnician($id: Int!, $moveOrdersTo: String) {
    deleteTechnician(id: $id, moveOrdersTo: $moveOrdersTo) {
      id
      movedOrders
    }
  }
`);

const DeleteTechnicianTargetsQuery = graphql(`
  query DeleteTechnicianTargets {
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

export interface LeavingTechnician {
  id: number;
  name: string;
  country: Country;
}

interface ActiveOrder {
  id: number;
  referenceNumber: string;
  appointment: string;
}

/** The orders the server listed when it refused the delete (its `extensions`), read by shape. */
function activeOrdersOf(extensions: Readonly<Record<string, unknown>>): { count: number; orders: ActiveOrder[] } {
  const listed = Array.isArray(extensions.orders) ? (extensions.orders as unknown[]) : [];
  const orders = listed.filter(
    (item): item is ActiveOrder =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ActiveOrder).referenceNumber === 'string' &&
      typeof (item as ActiveOrder).appointment === 'string',
  );
  const count = typeof extensions.orderCount === 'number' ? extensions.orderCount : orders.length;
  return { count, orders };
}

/**
 * Deleting a technician. The first question is the plain "cannot be undone"; when the server refuses because
 * the technician still has visits to make, the same dialog lists them and offers to move them to a technician
 * of the same country, after which the delete goes through in one step (or neither happens).
 */
export function DeleteTechnicianDialog({
  technician,
  returnFocus,
  onClose,
}: {
  technician: LeavingTechnician;
  returnFocus?: RefObject<HTMLElement | null>;
  /** `deleted` is the text to show after a delete, null when nothing happened. */
  onClose: (deleted: string | null) => void;
}) {
  const { t, ...locale } = useI18n();
  const ids = useId();
  const [remove, { loading }] = useMutation(DeleteTechnicianMutation, {
    refetchQueries: ['TechniciansIndexPage'],
    awaitRefetchQueries: true,
  });
  const [refusal, setRefusal] = useState<{ text: string; count: number; orders: ActiveOrder[] } | null>(null);
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [targetMissing, setTargetMissing] = useState(false);
  const targets = useQuery(DeleteTechnicianTargetsQuery, { skip: refusal === null });
  const cancelButton = useRef<HTMLButtonElement>(null);
  const targetSelect = useRef<HTMLSelectElement>(null);
  const sameCountry = (targets.data?.technicians ?? []).filter(
    (option) => option.country === technician.country && option.id !== technician.id,
  );

  // The question changed: the keyboard goes to its first choice once it is drawn (an effect, as a frame
  // callback can run before the render that adds the choice).
  const refused = refusal !== null;
  useEffect(() => {
    if (refused) targetSelect.current?.focus();
  }, [refused]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setProblem(null);
    if (refusal && target === '') {
      setTargetMissing(true);
      return;
    }
    try {
      const { data } = await remove({
        variables: { id: technician.id, moveOrdersTo: refusal ? target : null },
      });
      const moved = data?.deleteTechnician.movedOrders ?? 0;
      const chosen = sameCountry.find((option) => option.personalNumber === target);
      onClose(
        moved > 0 && chosen
          ? t('admin.technicians.deletedAfterMove', {
              count: moved,
              name: `${chosen.firstname} ${chosen.lastname}`.trim(),
            })
          : t('admin.technicians.deleted'),
      );
    } catch (caught) {
      const found = problemOf(caught, t('admin.technicians.deleteFailed'));
      if (found.code === 'TECHNICIAN_HAS_ORDERS' && !refusal) {
        setRefusal({ text: found.message, ...activeOrdersOf(errorExtensionsOf(caught)) });
      } else {
        setProblem(found.message);
      }
    }
  };

  const formId = `${ids}-form`;
  return (
    <Dialog
      open
      title={t(refusal ? 'admin.technicians.moveTitle' : 'admin.confirmDeleteTitle', { name: technician.name })}
      description={refusal ? refusal.text : t('admin.confirmDeleteBody')}
      onCancel={() => onClose(null)}
      initialFocus={cancelButton}
      returnFocus={returnFocus}
      actions={
        <>
          <BusyButton type="submit" form={formId} className="button button-danger" busy={loading}>
            {refusal ? t('admin.technicians.moveAndDelete') : t('common.delete')}
          </BusyButton>
          <button ref={cancelButton} type="button" className="button button-secondary" onClick={() => onClose(null)}>
            {t('common.cancel')}
          </button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)}>
        {refusal && (
          <>
            <h3 className="dialog-subtitle">{t('admin.technicians.activeOrders', { count: refusal.count })}</h3>
            <ul className="dialog-list">
              {refusal.orders.map((order) => {
                const at = new Date(order.appointment);
                return (
                  <li key={order.referenceNumber}>
                    <Link to={orderPagePath(order.referenceNumber)}>{order.referenceNumber}</Link>{' '}
                    <time dateTime={order.appointment}>
                      {formatDayMonthYear(at, { ...locale, country: technician.country })}{' '}
                      {formatTime(at, { ...locale, country: technician.country })}
                    </time>
                  </li>
                );
              })}
              {refusal.count > refusal.orders.length && (
                <li className="muted">
                  {t('admin.technicians.moreOrders', { count: refusal.count - refusal.orders.length })}
                </li>
              )}
            </ul>
            <FormField
              label={t('admin.technicians.moveTo')}
              error={targetMissing ? t('admin.technicians.moveToMissing') : undefined}
            >
              {(control) => (
                <TechnicianSelect
                  id={control.id}
                  selectRef={targetSelect}
                  technicians={sameCountry}
                  value={target}
                  onChange={(value) => {
                    setTarget(value);
                    setTargetMissing(false);
                  }}
                  invalid={targetMissing}
                  describedBy={control['aria-describedby']}
                />
              )}
            </FormField>
          </>
        )}
        <Message tone="error">{problem ?? undefined}</Message>
      </form>
    </Dialog>
  );
}
