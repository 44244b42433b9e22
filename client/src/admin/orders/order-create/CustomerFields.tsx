import { FormField } from '../../../components/FormField';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { CUSTOMER_FIELDS, fieldId } from './customer-fields';
import type { OrderCreateForm } from './useOrderCreate';

/** The customer's name, contact and address; the optional ones say what they are for. */
export function CustomerFields({ form }: { form: OrderCreateForm }) {
  const { t } = useI18n();
  const { customer, setCustomer } = form;
  return CUSTOMER_FIELDS.map((field) => (
    <FormField
      key={field.name}
      id={fieldId(field.name)}
      label={t(`admin.orders.field.${field.name}` as MessageKey)}
      hint={field.optional ? t(`admin.orders.hint.${field.name}` as MessageKey) : undefined}
      error={form.fieldErrors[field.name]}
    >
      {(control) => (
        <input
          {...control}
          type={field.type ?? 'text'}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          required={!field.optional}
          value={customer[field.name]}
          onChange={(event) => setCustomer({ ...customer, [field.name]: event.target.value })}
        />
      )}
    </FormField>
  ));
}
