import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { BusyButton } from '../../components/BusyButton';
import { Dialog } from '../../components/Dialog';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import type { Country } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
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

const DeleteTechnicianDialogQuery = graphql(`
  query DeleteTechnicianDialog($id: Int!) {
    technicianOpenOrders(id: $id) {
      count
      orders {
        id
        referenceNumber
        appointment
      }
    }
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

/**
 * Deleting a technician, in one question. The orders still to be visited are read when it opens: without them it is
 * the plain "cannot be undone"; with them the dialog names them (a bounded list with links) and asks who of the same
 * country takes them over, and the server moves them and deletes in one transaction (or neither happens).
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
  const question = useQuery(DeleteTechnicianDialogQuery, {
    variables: { id: technician.id },
    fetchPolicy: 'network-only',
  });
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [targetMissing, setTargetMissing] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const open = question.data?.technicianOpenOrders;
  const hasOrders = (open?.count ?? 0) > 0;
  const sameCountry = (question.data?.technicians ?? []).filter(
    (option) => option.country === technician.country && option.id !== technician.id,
  );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!open) return;
    setProblem(null);
    if (hasOrders && target === '') {
      setTargetMissing(true);
      return;
    }
    try {
      const { data } = await remove({
        variables: { id: technician.id, moveOrdersTo: hasOrders ? target : null },
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
      setProblem(found.message);
      // Orders may have come or gone since the dialog opened: it shows them as they are now.
      if (found.code === 'TECHNICIAN_HAS_ORDERS') void question.refetch();
    }
  };

  const formId = `${ids}-form`;
  const at = (value: string) => {
    const date = new Date(value);
    const where = { ...locale, country: technician.country };
    return `${formatDayMonthYear(date, where)} ${formatTime(date, where)}`;
  };
  return (
    <Dialog
      open
      title={t('admin.confirmDeleteTitle', { name: technician.name })}
      description={open ? (hasOrders ? t('admin.technicians.moveFirst') : t('admin.confirmDeleteBody')) : undefined}
      onCancel={() => onClose(null)}
      initialFocus={cancelButton}
      returnFocus={returnFocus}
      actions={
        <>
          <BusyButton type="submit" form={formId} className="button button-danger" busy={loading} disabled={!open}>
            {hasOrders ? t('admin.technicians.moveAndDelete') : t('common.delete')}
          </BusyButton>
          <button ref={cancelButton} type="button" className="button button-secondary" onClick={() => onClose(null)}>
            {t('common.cancel')}
          </button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)}>
        {question.loading && !open && <Spinner />}
        {open && hasOrders && (
          <>
            <h3 className="dialog-subtitle">{t('admin.technicians.activeOrders', { count: open.count })}</h3>
            <ul className="dialog-list">
              {open.orders.map((order) => (
                <li key={order.id}>
                  <Link to={orderPagePath(order.referenceNumber)}>{order.referenceNumber}</Link>{' '}
                  <time dateTime={order.appointment}>{at(order.appointment)}</time>
                </li>
              ))}
              {open.count > open.orders.length && (
                <li className="muted">
                  {t('admin.technicians.moreOrders', { count: open.count - open.orders.length })}
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
        <Message tone="error">
          {problem ?? (question.error ? problemOf(question.error, t('common.genericError')).message : undefined)}
        </Message>
      </form>
    </Dialog>
  );
}
