import type { Country } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { SelectField } from '../../components/FormField';

const COUNTRIES: Country[] = ['NL', 'BE'];

/** The country whose orders are imported or exported; the site's country comes first selected. */
export function CountrySelect({
  value,
  onChange,
  disabled = false,
}: {
  value: Country;
  onChange: (country: Country) => void;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <SelectField
      label={t('admin.data.country')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Country)}
      options={COUNTRIES.map((country) => ({ value: country, label: t(`common.country.${country}`) }))}
    />
  );
}
