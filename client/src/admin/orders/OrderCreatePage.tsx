import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { hourLabel, hoursOf, ORDER_BEGIN_HOURS, VISIT_DURATION_SECONDS } from '../../../../shared/hours.js';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { TIME_ZONE, type Country } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { FormField } from '../../components/FormField';
import { useCreateOrderMutation } from './order-mutations';
import { AdminPageHeader } from '../AdminPageHeader';
import { StatusMessages, type Status } from './StatusMessages';
import { TechnicianSelect } from './TechnicianSelect';
import { instantOf, localDateOf } from '../../../../shared/zoned-time.js';
import { BusyButton } from '../../components/BusyButton';

const OrderCreatePageQuery = graphql(`
  query OrderCreatePage {
    serverInfo {
      now
    }
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

const BEGIN_HOURS = hoursOf(ORDER_BEGIN_HOURS);
const DEFAULT_BEGIN_HOUR = 8;

type TextFieldName =
  | 'name'
  | 'email'
  | 'city'
  | 'street'
  | 'houseNumber'
  | 'houseNumberAddition'
  | 'zipcode'
  | 'phone'
  | 'referenceNumber';

/**
 * The text inputs, the address in the order it is written ("3511 CD 6": postcode, then number, then street and
 * city), with what browsers need.
 */
const TEXT_FIELDS: {
  name: TextFieldName;
  type?: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'tel';
  optional?: boolean;
}[] = [
  { name: 'name', autoComplete: 'off' },
  { name: 'email', type: 'email', autoComplete: 'off' },
  { name: 'zipcode', autoComplete: 'off' },
  { name: 'houseNumber', autoComplete: 'off', inputMode: 'numeric' },
  { name: 'houseNumberAddition', autoComplete: 'off', optional: true },
  { name: 'street', autoComplete: 'off', optional: true },
  { name: 'city', autoComplete: 'off' },
  { name: 'phone', type: 'tel', autoComplete: 'off', inputMode: 'tel' },
  { name: 'referenceNumber', autoComplete: 'off' },
];

const EMPTY_CUSTOMER: Record<TextFieldName, string> = {
  name: '',
  email: '',
  city: '',
  street: '',
  houseNumber: '',
  houseNumberAddition: '',
  zipcode: '',
  phone: '',
  referenceNumber: '',
};

const fieldId = (name: string) => `order-${name}`;

export function OrderCreatePage() {
  const { t, country: siteCountry } = useI18n();
  usePageTitle(t('admin.menu.createOrder'));
  const page = useQuery(OrderCreatePageQuery);
  const [createOrder, saving] = useCreateOrderMutation();
  const [customer, setCustomer] = useState(EMPTY_CUSTOMER);
  const [country, setCountry] = useState<Country>(siteCountry);
  const [date, setDate] = useState('');
  const [beginHour, setBeginHour] = useState(DEFAULT_BEGIN_HOUR);
  const [technician, setTechnician] = useState('');
  const [special, setSpecial] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);

  if (page.loading && !page.data) return <Spinner />;
  if (!page.data) {
    return <Message tone="error">{problemOf(page.error, t('common.genericError')).message}</Message>;
  }
  const today = localDateOf(new Date(page.data.serverInfo.now), TIME_ZONE[country]);

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
    const firstInvalid = [...TEXT_FIELDS.map((field) => field.name), 'appointment', 'technician'].find(
      (name) => outcome.problem.fields[name],
    );
    if (firstInvalid) document.getElementById(fieldId(firstInvalid === 'appointment' ? 'date' : firstInvalid))?.focus();
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.menu.createOrder')} />
      <form className="card form order-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-grid">
          {TEXT_FIELDS.map((field) => (
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
                  type={field.type ?? 'text'}
                  inputMode={field.inputMode}
                  autoComplete={field.autoComplete}
                  required={!field.optional}
                  value={customer[field.name]}
                  onChange={(event) => setCustomer({ ...customer, [field.name]: event.target.value })}
                />
              )}
            </FormField>
          ))}
          <FormField id={fieldId('country')} label={t('admin.orders.field.country')} error={fieldErrors.country}>
            {(control) => (
              <select {...control} value={country} onChange={(event) => setCountry(event.target.value as Country)}>
                <option value="NL">{t('common.country.NL')}</option>
                <option value="BE">{t('common.country.BE')}</option>
              </select>
            )}
          </FormField>
          <FormField id={fieldId('date')} label={t('admin.orders.field.date')} error={fieldErrors.appointment}>
            {(control) => (
              <input
                {...control}
                type="date"
                required
                min={today}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            )}
          </FormField>
          <FormField id={fieldId('beginHour')} label={t('admin.orders.field.beginHour')}>
            {(control) => (
              <select
                {...control}
                aria-invalid={Boolean(fieldErrors.appointment)}
                value={beginHour}
                onChange={(event) => setBeginHour(Number(event.target.value))}
              >
                {BEGIN_HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            id={fieldId('technician')}
            label={t('admin.orders.field.technician')}
            error={fieldErrors.technician}
          >
            {(control) => (
              <TechnicianSelect
                id={control.id}
                invalid={control['aria-invalid']}
                describedBy={control['aria-describedby']}
                technicians={page.data?.technicians ?? []}
                value={technician}
                onChange={setTechnician}
              />
            )}
          </FormField>
          <FormField id={fieldId('special')} label={t('admin.orders.field.special')}>
            {(control) => (
              <select
                {...control}
                value={special ? 'yes' : 'no'}
                onChange={(event) => setSpecial(event.target.value === 'yes')}
              >
                <option value="no">{t('admin.orders.special.no')}</option>
                <option value="yes">{t('admin.orders.special.yes')}</option>
              </select>
            )}
          </FormField>
        </div>
        <StatusMessages status={status} />
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={saving}>
            {t('common.create')}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
