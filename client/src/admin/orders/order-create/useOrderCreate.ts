import { useState, type FormEvent } from 'react';
import { VISIT_DURATION_SECONDS } from '../../../../../shared/hours.js';
import { instantOf } from '../../../../../shared/zoned-time.js';
import { useI18n } from '../../../i18n/i18n';
import { TIME_ZONE, type Country } from '../../../i18n/locale';
import { useCreateOrderMutation } from '../order-mutations';
import type { Status } from '../StatusMessages';
import { CUSTOMER_FIELDS, EMPTY_CUSTOMER, fieldId } from './customer-fields';

const DEFAULT_BEGIN_HOUR = 8;

/**
 * The create form's values and its submit: the server's problems go beside their fields and the focus to the first
 * wrong one; after a success the customer is cleared and the visit's day, hour and technician stay.
 */
export function useOrderCreate() {
  const { t, country: siteCountry } = useI18n();
  const [createOrder, saving] = useCreateOrderMutation();
  const [customer, setCustomer] = useState(EMPTY_CUSTOMER);
  const [country, setCountry] = useState<Country>(siteCountry);
  const [date, setDate] = useState('');
  const [beginHour, setBeginHour] = useState(DEFAULT_BEGIN_HOUR);
  const [technician, setTechnician] = useState('');
  const [special, setSpecial] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!date) {
      setFieldErrors({ appointment: t('admin.orders.dateRequired') });
      document.getElementById(fieldId('date'))?.focus();
      return;
    }
    const outcome = await createOrder({
      ...customer,
      country,
      appointment: instantOf(date, beginHour, 0, TIME_ZONE[country]).toISOString(),
      duration: VISIT_DURATION_SECONDS,
      technician,
      special,
    });
    if (outcome.ok) {
      // The next order is often for the same day and technician: keep those, clear the customer.
      setCustomer(EMPTY_CUSTOMER);
      setFieldErrors({});
      setStatus({ tone: 'success', text: outcome.message });
      return;
    }
    setFieldErrors(outcome.problem.fields);
    setStatus({ tone: 'error', text: outcome.problem.message });
    const firstInvalid = [...CUSTOMER_FIELDS.map((field) => field.name), 'appointment', 'technician'].find(
      (name) => outcome.problem.fields[name],
    );
    if (firstInvalid) document.getElementById(fieldId(firstInvalid === 'appointment' ? 'date' : firstInvalid))?.focus();
  };

  return {
    customer,
    setCustomer,
    country,
    setCountry,
    date,
    setDate,
    beginHour,
    setBeginHour,
    technician,
    setTechnician,
    special,
    setSpecial,
    fieldErrors,
    status,
    saving,
    submit,
  };
}

export type OrderCreateForm = ReturnType<typeof useOrderCreate>;
