import { formatHour } from '../../../../../shared/clock-time.js';
import { hoursOf, ORDER_BEGIN_HOURS } from '../../../../../shared/hours.js';
import { FormField } from '../../../components/FormField';
import { useI18n } from '../../../i18n/i18n';
import type { Country } from '../../../i18n/locale';
import { fieldId } from './customer-fields';
import type { OrderCreateForm } from './useOrderCreate';

const BEGIN_HOURS = hoursOf(ORDER_BEGIN_HOURS);

/** Where and when the visit is: the country, a day from `today` on and the hour its window begins. */
export function VisitFields({ form, today }: { form: OrderCreateForm; today: string }) {
  const { t, language } = useI18n();
  const { fieldErrors } = form;
  return (
    <>
      <FormField id={fieldId('country')} label={t('admin.orders.field.country')} error={fieldErrors.country}>
        {(control) => (
          <select
            {...control}
            value={form.country}
            onChange={(event) => form.setCountry(event.target.value as Country)}
          >
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
            value={form.date}
            onChange={(event) => form.setDate(event.target.value)}
          />
        )}
      </FormField>
      <FormField id={fieldId('beginHour')} label={t('admin.orders.field.beginHour')}>
        {(control) => (
          <select
            {...control}
            aria-invalid={Boolean(fieldErrors.appointment)}
            value={form.beginHour}
            onChange={(event) => form.setBeginHour(Number(event.target.value))}
          >
            {BEGIN_HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {formatHour(hour, language)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
