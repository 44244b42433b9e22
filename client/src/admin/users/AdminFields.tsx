import { useI18n } from '../../i18n/i18n';
import { SelectField, TextField } from '../../staff/FormField';

export interface AdminFormValues {
  firstname: string;
  lastname: string;
  email: string;
  /** '0' active, '1' inactive, as the legacy status select. */
  inactive: '0' | '1';
}

export const EMPTY_ADMIN: AdminFormValues = { firstname: '', lastname: '', email: '', inactive: '0' };

/** The fields of the create and edit screens: first and last name, e-mail and the status select. */
export function AdminFields({
  values,
  onChange,
  errors,
  statusLocked = false,
}: {
  values: AdminFormValues;
  onChange: (values: AdminFormValues) => void;
  errors: Record<string, string>;
  statusLocked?: boolean;
}) {
  const { t } = useI18n();
  const set = (field: keyof AdminFormValues) => (event: { target: { value: string } }) =>
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
      <SelectField
        label={t('admin.users.status')}
        name="inactive"
        value={values.inactive}
        onChange={set('inactive')}
        disabled={statusLocked}
        hint={statusLocked ? t('admin.users.self') : undefined}
        options={[
          { value: '0', label: t('admin.users.active') },
          { value: '1', label: t('admin.users.inactive') },
        ]}
      />
    </>
  );
}

export const toAdminInput = (values: AdminFormValues) => ({
  firstname: values.firstname,
  lastname: values.lastname,
  email: values.email,
  inactive: values.inactive === '1',
});
