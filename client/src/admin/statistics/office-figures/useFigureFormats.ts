import { formatLocalDate } from '../../../i18n/format';
import { useI18n } from '../../../i18n/i18n';
import type { FigureRow } from './useOfficeFigures';

/** How a figure reads: a share as a whole percentage, a rating with one decimal, '–' where there is none. */
export function useFigureFormats() {
  const { t, language, country: siteCountry } = useI18n();
  const percent = new Intl.NumberFormat(`${language}-${siteCountry}`, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(`${language}-${siteCountry}`, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const share = (value: number | null) => (value === null ? '–' : `${percent.format(value)} %`);
  const rating = (value: number | null) => (value === null ? '–' : decimal.format(value));
  /** What a row is about: its day, country or technician, or the total. */
  const placeOf = (row: FigureRow, isTotal: boolean): string => {
    if (isTotal) return t('admin.figures.total');
    if (row.date) return formatLocalDate(row.date);
    if (row.country) return t(`common.country.${row.country}`);
    return row.technicianName ?? t('admin.figures.withoutTechnician');
  };
  return { share, rating, placeOf };
}
