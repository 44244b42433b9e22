import { useI18n } from '../../i18n/i18n';
import { SelectField } from '../../components/FormField';
import { PersonFields, type PersonValues } from '../people/PersonFields';
import type { OfficeRoleName } from '../../../../shared/staff.js';

export interface AdminFormValues extends PersonValues {
  /** '0' active, '1' inactive, as the legacy status select. */
  inactive: '0' | '1';
  role: OfficeRoleName;
}

export const EMPTY_ADMIN: AdminFormValues = { firstname: '', lastname: '', email: '', inactive: '0', role: 'ADMIN' };

const ROLES: readonly OfficeRoleName[] = ['ADMIN', 'DISPATCHER', 'VIEWER'];

/** The fields of the create and edit screens: first and last name, e-mail, the status and the role. */
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
      <PersonFields values={values} onChange={onChange} errors={errors} />
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
      <SelectField
        label={t('admin.users.role')}
        name="role"
        value={values.role}
        onChange={set('role')}
        disabled={statusLocked}
        hint={statusLocked ? t('admin.users.roleSelf') : undefined}
        options={ROLES.map((role) => ({ value: role, label: t(`admin.users.role.${role}`) }))}
      />
    </>
  );
}

export const toAdminInput = (values: AdminFormValues) => ({
  firstname: values.firstname,
  lastname: values.lastname,
  email: values.email,
  inactive: values.inactive === '1',
  role: values.role,
});
