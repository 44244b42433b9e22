import { useI18n } from '../../i18n/i18n';
import { TextField } from '../../components/FormField';

export interface PersonValues {
  firstname: string;
  lastname: string;
  email: string;
}

/** First name, last name and e-mail: the fields technicians and admins share on their create and edit screens. */
export function PersonFields<Values extends PersonValues>({
  values,
  onChange,
  errors,
}: {
  values: Values;
  onChange: (values: Values) => void;
  errors: Record<string, string>;
}) {
  const { t } = useI18n();
  const set = (field: keyof PersonValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  return (
    <>
      <TextField
        label={t('admin.person.firstname')}
        name="firstname"
        autoComplete="off"
        required
        value={values.firstname}
        onChange={set('firstname')}
        error={errors.firstname}
      />
      <TextField
        label={t('admin.person.lastname')}
        name="lastname"
        autoComplete="off"
        required
        value={values.lastname}
        onChange={set('lastname')}
        error={errors.lastname}
      />
      <TextField
        label={t('admin.person.email')}
        name="email"
        type="email"
        autoComplete="off"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
    </>
  );
}
