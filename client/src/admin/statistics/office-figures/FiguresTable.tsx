import { useI18n } from '../../../i18n/i18n';
import { FigureCells } from './FigureCells';
import { useFigureFormats } from './useFigureFormats';
import type { Figures } from './useOfficeFigures';

/** The figures as a table: a row per day, country or technician, and the total at the foot. */
export function FiguresTable({ figures }: { figures: Figures }) {
  const { t } = useI18n();
  const { placeOf } = useFigureFormats();
  return (
    <div className="table-wrap">
      <table className="figures-table">
        <thead>
          <tr>
            <th scope="col">{t(`admin.figures.groupBy.${figures.groupBy}`)}</th>
            <th scope="col">{t('admin.figures.visits')}</th>
            <th scope="col">{t('admin.figures.onTime')}</th>
            <th scope="col">{t('admin.figures.firstTimeFix')}</th>
            <th scope="col">{t('admin.figures.notHome')}</th>
            <th scope="col">{t('admin.figures.ratings')}</th>
            <th scope="col">{t('admin.figures.averageRating')}</th>
          </tr>
        </thead>
        <tbody>
          {figures.rows.map((row) => (
            <tr key={`${row.date ?? ''}${row.country ?? ''}${row.technicianNumber ?? ''}`}>
              <th scope="row">{placeOf(row, false)}</th>
              <FigureCells figures={figures} row={row} isTotal={false} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{placeOf(figures.total, true)}</th>
            <FigureCells figures={figures} row={figures.total} isTotal />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
