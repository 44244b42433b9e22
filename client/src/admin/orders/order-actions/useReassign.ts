import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { fullName } from '../../../../../shared/staff.js';
import { useReassignOrderMutation } from '../order-mutations';
import type { TechnicianOption } from '../TechnicianSelect';
import type { OrderActionKit } from './order-action-kit';

/**
 * Another technician for the order, after a question that names both; undone by reassigning it back while the
 * technician's day is not confirmed (an order without a technician has nobody to go back to).
 */
export function useReassign(kit: OrderActionKit, technicians: readonly TechnicianOption[]) {
  const { t } = useI18n();
  const { order, texts } = kit;
  const [technician, setTechnician] = useState(order.technician?.personalNumber ?? '');
  const [reassign, reassigning] = useReassignOrderMutation();

  const saveTechnician = async (event: FormEvent) => {
    event.preventDefault();
    kit.begin();
    const from = order.technician;
    const to = technicians.find((option) => option.personalNumber === technician);
    if (!to || from?.personalNumber === to.personalNumber) return;
    const sure = await kit.confirm({
      title: t('admin.orders.reassignTitle', { reference: order.referenceNumber }),
      body: t('admin.orders.reassignBody', {
        name: order.name,
        window: texts.windowText(order.appointment),
        from: texts.technicianText(from),
        to: fullName(to),
      }),
      confirmLabel: t('admin.orders.reassignConfirm'),
    });
    if (!sure) return;
    const outcome = await reassign({ referenceNumber: order.referenceNumber, technician: to.personalNumber });
    kit.show(outcome);
    if (outcome.ok && from && !order.dayConfirmed) {
      kit.offerUndo({
        text: t('admin.orders.undoReassign', { technician: fullName(from) }),
        run: async () => {
          setTechnician(from.personalNumber);
          return reassign({ referenceNumber: order.referenceNumber, technician: from.personalNumber });
        },
      });
    }
  };

  return { technician, setTechnician, saveTechnician, reassigning };
}
