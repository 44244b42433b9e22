import { formatHour } from '../../../../shared/clock-time.js';
import { HOUR_CHOICES, hoursOf } from '../../../../shared/hours.js';
import type { Country } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { SelectField, TextField } from '../../components/FormField';
import { PersonFields, type PersonValues } from '../people/PersonFields';

export interface TechnicianFormValues extends PersonValues {
  personalNumber: string;
  /** Hour as a string, for the select. */
  startingTime: string;
  country: Country;
}

/** Start-hour choices 07:00-20:00. */
const HOURS = hoursOf(HOUR_CHOICES);

/** The fields of the create and edit screens; on edit the personal number is shown but not editable. */
export function TechnicianFields({
  values,
  onChange,
  errors,
  mode,
}: {
  values: TechnicianFormValues;
  onChange: (values: TechnicianFormValues) => void;
  errors: Record<string, string>;
  mode: 'create' | 'edit';
}) {
  const { t, language } = useI18n();
  const set = (field: keyof TechnicianFormValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  return (
    <>
      <PersonFields values={values} onChange={onChange} errors={errors} />
      <TextField
        label={t('admin.technicians.personalNumber')}
        name="personalNumber"
        autoComplete="off"
        required={mode === 'create'}
        readOnly={mode === 'edit'}
        hint={mode === 'edit' ? t('admin.technicians.personalNumberFixed') : undefined}
        value={values.personalNumber}
        onChange={set('personalNumber')}
        error={errors.personalNumber}
      />
      {mode === 'edit' && (
        <SelectField
          label={t('admin.technicians.startingTime')}
          name="startingTime"
          value={values.startingTime}
          onChange={set('startingTime')}
          error={errors.startingTime}
          options={HOURS.map((hour) => ({ value: String(hour), label: formatHour(hour, language) }))}
        />
      )}
      <SelectField
        label={t('admin.technicians.country')}
        name="country"
        value={values.country}
        onChange={set('country')}
        error={errors.country}
        options={[
          { value: 'NL', label: t('common.country.NL') },
          { value: 'BE', label: t('common.country.BE') },
        ]}
      />
    </>
  );
}
