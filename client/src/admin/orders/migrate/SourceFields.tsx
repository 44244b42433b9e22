import { FormField, TextField } from '../../../components/FormField';
import { useI18n } from '../../../i18n/i18n';
import { TechnicianSelect, type TechnicianOption } from '../TechnicianSelect';
import type { MigrateForm } from './useMigrate';

/** Whose orders and which day: choosing either lists that technician's orders of that day. */
export function SourceFields({ form, technicians }: { form: MigrateForm; technicians: readonly TechnicianOption[] }) {
  const { t } = useI18n();
  return (
    <div className="form-grid">
      <FormField id="migrate-source" label={t('admin.orders.migrate.source')}>
        {(control) => (
          <TechnicianSelect
            id={control.id}
            technicians={technicians}
            value={form.sourceNumber}
            onChange={form.choose.source}
          />
        )}
      </FormField>
      <TextField
        id="migrate-date"
        label={t('admin.orders.field.date')}
        type="date"
        value={form.day}
        onChange={(event) => form.choose.day(event.target.value)}
      />
    </div>
  );
}
