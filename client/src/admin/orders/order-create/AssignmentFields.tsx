import { FormField } from '../../../components/FormField';
import { useI18n } from '../../../i18n/i18n';
import { TechnicianSelect, type TechnicianOption } from '../TechnicianSelect';
import { fieldId } from './customer-fields';
import type { OrderCreateForm } from './useOrderCreate';

/** Who goes, and whether the visit is a special one. */
export function AssignmentFields({
  form,
  technicians,
}: {
  form: OrderCreateForm;
  technicians: readonly TechnicianOption[];
}) {
  const { t } = useI18n();
  return (
    <>
      <FormField
        id={fieldId('technician')}
        label={t('admin.orders.field.technician')}
        error={form.fieldErrors.technician}
      >
        {(control) => (
          <TechnicianSelect
            id={control.id}
            invalid={control['aria-invalid']}
            describedBy={control['aria-describedby']}
            technicians={technicians}
            value={form.technician}
            onChange={form.setTechnician}
          />
        )}
      </FormField>
      <FormField id={fieldId('special')} label={t('admin.orders.field.special')}>
        {(control) => (
          <select
            {...control}
            value={form.special ? 'yes' : 'no'}
            onChange={(event) => form.setSpecial(event.target.value === 'yes')}
          >
            <option value="no">{t('admin.orders.special.no')}</option>
            <option value="yes">{t('admin.orders.special.yes')}</option>
          </select>
        )}
      </FormField>
    </>
  );
}
