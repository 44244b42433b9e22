import { useId, useState, type FormEvent } from 'react';
import { addressLine, postcodeAsWritten } from '../../../../shared/address.js';
import { normalizeHouseNumberAddition } from '../../../../shared/orders.js';
import { BusyButton } from '../../components/BusyButton';
import { Dialog } from '../../components/Dialog';
import { Message } from '../../components/Message';
import type { OrderActions_OrderFragment } from '../../gql/graphql';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { FormField } from '../../components/FormField';
import { useUpdateOrderAddressMutation, type MutationOutcome } from './order-mutations';

type AddressField = 'zipcode' | 'houseNumber' | 'houseNumberAddition' | 'street' | 'city';

/** In the order the address is written ("3511 CD 6"), as on the create form. */
const FIELDS: { name: AddressField; optional?: boolean; inputMode?: 'numeric' }[] = [
  { name: 'zipcode' },
  { name: 'houseNumber', inputMode: 'numeric' },
  { name: 'houseNumberAddition', optional: true },
  { name: 'street', optional: true },
  { name: 'city' },
];

/**
 * Correcting the visit address in place: the same fields and rules as creating an order, the server's problems
 * beside each field. The country stays the order's (it decides the technician and the postcode format).
 */
export function AddressDialog({
  order,
  onClose,
}: {
  order: OrderActions_OrderFragment;
  onClose: (outcome: MutationOutcome | null) => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const fieldId = (name: AddressField) => `${ids}-${name}`;
  const [values, setValues] = useState<Record<AddressField, string>>({
    zipcode: postcodeAsWritten(order.zipcode),
    houseNumber: String(order.houseNumber),
    houseNumberAddition: order.houseNumberAddition ?? '',
    street: order.street ?? '',
    city: order.city,
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [update, saving] = useUpdateOrderAddressMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const outcome = await update({ orderId: order.id, ...values });
    if (outcome.ok) return onClose(outcome);
    setFieldErrors(outcome.problem.fields);
    setProblem(outcome.problem.message);
    const firstInvalid = FIELDS.find((field) => outcome.problem.fields[field.name]);
    if (firstInvalid) document.getElementById(fieldId(firstInvalid.name))?.focus();
  };

  return (
    <Dialog
      open
      title={t('admin.orders.addressTitle', { reference: order.referenceNumber })}
      description={t('admin.orders.addressNow', { address: addressLine(order) })}
      onCancel={() => onClose(null)}
      actions={
        <>
          <BusyButton type="submit" form={`${ids}-form`} className="button button-primary" busy={saving}>
            {t('common.save')}
          </BusyButton>
          <button type="button" className="button button-secondary" onClick={() => onClose(null)}>
            {t('common.cancel')}
          </button>
        </>
      }
    >
      <form id={`${ids}-form`} className="form" noValidate onSubmit={(event) => void submit(event)}>
        {FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={fieldId(field.name)}
            label={t(`admin.orders.field.${field.name}` as MessageKey)}
            hint={field.optional ? t(`admin.orders.hint.${field.name}` as MessageKey) : undefined}
            error={fieldErrors[field.name]}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                inputMode={field.inputMode}
                required={!field.optional}
                value={values[field.name]}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
            )}
          </FormField>
        ))}
        <p aria-live="polite">
          {/^\d+$/.test(values.houseNumber.trim()) &&
            t('admin.orders.addressNew', {
              address: addressLine({
                ...values,
                houseNumber: Number(values.houseNumber),
                houseNumberAddition: normalizeHouseNumberAddition(values.houseNumberAddition),
              }),
            })}
        </p>
        <Message tone="error">{problem ?? undefined}</Message>
      </form>
    </Dialog>
  );
}
