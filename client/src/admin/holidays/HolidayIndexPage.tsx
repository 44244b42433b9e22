import { useQuery } from '@apollo/client/react';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { Country, CountryHolidays_HolidayFragment } from '../../gql/graphql';
import { formatLocalDate, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { countryNameKey, HOLIDAY_COUNTRIES, holidayName } from './holiday-text';
import { useDeleteHoliday } from './useDeleteHoliday';

const HolidayIndexPageQuery = graphql(`
  query HolidayIndexPage {
    holidays {
      id
      country
      ...CountryHolidays_holiday
    }
  }
`);

/** @public Read by codegen: the page query spreads it. */
export const CountryHolidaysFragment = graphql(`
  fragment CountryHolidays_holiday on Holiday {
    id
    country
    date
  }
`);

type Holiday = CountryHolidays_HolidayFragment;

/** Screen 'Holidays' (docs/rules.md, Holidays): the dates per country, with back, create and delete. */
export function HolidayIndexPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.holidays.title'));
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, loading, error } = useQuery(HolidayIndexPageQuery);
  const { deleteHoliday, deleting, status, confirmDialog } = useDeleteHoliday();
  const holidays = data?.holidays ?? [];
  // A holiday just saved on the create page (router state: gone after a reload, as a notice should be).
  const saved: unknown = useLocation().state;
  const savedNotice =
    typeof saved === 'object' && saved !== null && 'saved' in saved && typeof saved.saved === 'string'
      ? saved.saved
      : undefined;

  const remove = async (holiday: Holiday) => {
    // The row and its button disappear: focus goes back to the top of the page, not to nowhere.
    if (await deleteHoliday(holiday)) heading.current?.focus();
  };

  return (
    <section>
      <div className="page-header">
        <h1 ref={heading} tabIndex={-1}>
          {t('admin.holidays.title')}
        </h1>
        <div className="toolbar">
          <Link className="button button-secondary" to="/admin/main">
            {t('common.back')}
          </Link>
          <Link className="button button-primary" to="/admin/holiday/create">
            {t('common.create')}
          </Link>
        </div>
      </div>
      {confirmDialog}
      <Message tone={status?.tone ?? 'success'}>{status?.text ?? savedNotice}</Message>
      <Message tone="error">{error ? problemOf(error, t('common.genericError')).message : undefined}</Message>
      {loading && !data ? (
        <Spinner />
      ) : (
        <div className="holiday-lists">
          {HOLIDAY_COUNTRIES.map((country) => (
            <CountryHolidays
              key={country}
              country={country}
              holidays={holidays.filter((holiday) => holiday.country === country)}
              onDelete={(holiday) => void remove(holiday)}
              busy={deleting}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function CountryHolidays({
  country,
  holidays,
  onDelete,
  busy,
}: {
  country: Country;
  holidays: Holiday[];
  onDelete: (holiday: Holiday) => void;
  busy: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const headingId = `holidays-${country}`;
  return (
    <section className="card holiday-country" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(countryNameKey(country))} ({country})
      </h2>
      {holidays.length === 0 ? (
        <p className="muted">{t('admin.holidays.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.holidays.date')}</th>
                <th scope="col">{t('admin.holidays.weekday')}</th>
                <th scope="col" className="holiday-actions">
                  <span className="visually-hidden">{t('admin.holidays.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {holidays.map((holiday) => (
                <tr key={holiday.id}>
                  <td>{formatLocalDate(holiday.date)}</td>
                  {/* Noon UTC lies on the same calendar day in both zones. */}
                  <td>{formatWeekday(new Date(`${holiday.date}T12:00:00Z`), i18n)}</td>
                  <td className="holiday-actions">
                    <BusyButton
                      className="button button-secondary"
                      busy={busy}
                      aria-label={t('admin.holidays.deleteLabel', { name: holidayName(holiday) })}
                      onClick={() => onDelete(holiday)}
                    >
                      {t('common.delete')}
                    </BusyButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
