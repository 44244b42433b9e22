import { useId } from 'react';
import type { Country } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';

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
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('admin.data.country')}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Country)}
      >
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {t(`common.country.${country}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
