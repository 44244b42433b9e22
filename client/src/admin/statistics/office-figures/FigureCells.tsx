import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../../i18n/i18n';
import { figureListLink, type FigureCount } from '../figure-links';
import { useFigureFormats } from './useFigureFormats';
import type { FigureRow, Figures } from './useOfficeFigures';

/**
 * The cells of one row of the figures (or the total): each count a link to the order list of exactly those orders,
 * each share with the two counts it is made of.
 */
export function FigureCells({ figures, row, isTotal }: { figures: Figures; row: FigureRow; isTotal: boolean }) {
  const { t } = useI18n();
  const { share, rating, placeOf } = useFigureFormats();

  /** A count as a link to the order list of exactly those orders; its name starts with the number shown. */
  const countLink = (count: FigureCount, figure: string): ReactNode => {
    const value = row[count];
    const to = figureListLink(
      count,
      { from: figures.period.from, to: figures.period.to, country: figures.country ?? null },
      {
        date: isTotal ? null : row.date,
        country: isTotal ? null : (row.country ?? null),
        technicianNumber: row.technicianNumber,
        byTechnician: !isTotal && figures.groupBy === 'TECHNICIAN',
      },
    );
    return (
      <Link to={to} aria-label={t('admin.figures.countLink', { value, figure, place: placeOf(row, isTotal) })}>
        {value}
      </Link>
    );
  };

  const shareCell = (
    value: number | null | undefined,
    [part, figure]: [FigureCount, string],
    [whole, wholeFigure]: [FigureCount, string],
  ) => (
    <td>
      {share(value ?? null)}{' '}
      <span className="figure-counts">
        ({countLink(part, figure)} {t('admin.figures.of')} {countLink(whole, wholeFigure)})
      </span>
    </td>
  );

  return (
    <>
      <td>{countLink('visits', t('admin.figures.visits'))}</td>
      {shareCell(
        row.onTimePercent,
        ['onTime', t('admin.figures.onTime')],
        ['reached', t('admin.ordersList.arrival.REACHED')],
      )}
      {shareCell(
        row.firstTimeFixPercent,
        ['firstTimeFixes', t('admin.figures.firstTimeFix')],
        ['firstVisits', t('admin.ordersList.firstVisit')],
      )}
      {shareCell(
        row.notHomePercent,
        ['notHome', t('admin.figures.notHome')],
        ['finished', t('admin.ordersList.outcome.FINISHED')],
      )}
      <td>{countLink('ratings', t('admin.figures.ratings'))}</td>
      <td>{rating(row.averageRating ?? null)}</td>
    </>
  );
}
