import { BusyButton } from '../../../components/BusyButton';
import { FormField } from '../../../components/FormField';
import { useI18n } from '../../../i18n/i18n';
import { TechnicianSelect } from '../TechnicianSelect';
import type { OrderActionsState } from './useOrderActions';

/** The changes an order takes while it is not deleted: another technician, another day, the address, delete. */
export function OrderActionsForm({ actions }: { actions: OrderActionsState }) {
  const { t } = useI18n();
  return (
    <form className="form order-actions" onSubmit={(event) => void actions.saveTechnician(event)}>
      <FormField id="order-new-technician" label={t('admin.orders.changeTechnician')}>
        {(control) => (
          <TechnicianSelect
            id={control.id}
            technicians={actions.ofCountry}
            value={actions.technician}
            onChange={actions.setTechnician}
          />
        )}
      </FormField>
      <div className="toolbar">
        <BusyButton
          type="submit"
          className="button button-primary"
          busy={actions.reassigning}
          disabled={actions.technician === ''}
        >
          {t('common.save')}
        </BusyButton>
        <button type="button" className="button button-secondary" onClick={() => actions.setDialog('reschedule')}>
          {t('admin.orders.reschedule')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => actions.setDialog('address')}>
          {t('admin.orders.editAddress')}
        </button>
        <BusyButton
          type="button"
          className="button button-danger"
          busy={actions.removing}
          onClick={() => void actions.deleteOrder()}
        >
          {t('common.delete')}
        </BusyButton>
      </div>
    </form>
  );
}
