import { useQuery, useSubscription } from '@apollo/client/react';
import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { OverviewPageQuery as OverviewPageData } from '../../gql/graphql';
import { formatDayMonth, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import type { StreamContext } from '../../lib/stream-link';
import { usePageTitle } from '../../lib/usePageTitle';
import { orderListLink, type OrderFigure } from './overview-links';

const OverviewPageQuery = graphql(`
  query OverviewPage($date: String) {
    dispatchOverview(date: $date) {
      countedAt
      days {
        kind
        countries {
          country
          date
          orders
          techniciansWorking
          techniciansConfirmed
          ordersConfirmed
          informed
          notInformed
          callMe
          accessNotes
          onHoliday
          external
          withoutTechnician
          finished
          underWay
          toCome
          late
        }
      }
    }
  }
`);

/** The board's stream (admin/board): a visit of today changed, so today's progress is read anew at once. */
const OverviewVisitChangedSubscription = graphql(`
  subscription OverviewVisitChanged {
    boardVisitChanged {
      orderId
    }
  }
`);

type DayData = OverviewPageData['dispatchOverview']['days'][number];
type CountryData = DayData['countries'][number];

/** The figures read by the dispatcher every morning and evening; new orders and replies arrive all day. */
const REFRESH_MS = 60_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const DAY_HEADINGS: Record<DayData['kind'], MessageKey> = {
  NEXT_WORKING_DAY: 'admin.overview.nextWorkingDay',
  TODAY: 'admin.overview.today',
  CHOSEN_DAY: 'admin.overview.chosenDay',
};

/** The rows of the table: each an order figure linked to its list, or the technicians (people, not orders). */
const ROWS: { label: MessageKey; figure: OrderFigure | 'techniciansWorking' }[] = [
  { label: 'admin.overview.orders', figure: 'orders' },
  { label: 'admin.overview.techniciansWorking', figure: 'techniciansWorking' },
  { label: 'admin.overview.daysConfirmed', figure: 'ordersConfirmed' },
  { label: 'admin.overview.informed', figure: 'informed' },
  { label: 'admin.overview.notInformed', figure: 'notInformed' },
  { label: 'admin.overview.callMe', figure: 'callMe' },
  { label: 'admin.overview.accessNotes', figure: 'accessNotes' },
  { label: 'admin.overview.onHoliday', figure: 'onHoliday' },
  { label: 'admin.overview.external', figure: 'external' },
  { label: 'admin.overview.withoutTechnician', figure: 'withoutTechnician' },
];

/** Where today's visits are, by the board's stages and its late rule; each opens the board of the country. */
const PROGRESS_ROWS: { label: MessageKey; figure: 'finished' | 'underWay' | 'toCome' | 'late' }[] = [
  { label: 'admin.overview.finished', figure: 'finished' },
  { label: 'admin.overview.underWay', figure: 'underWay' },
  { label: 'admin.overview.toCome', figure: 'toCome' },
  { label: 'admin.overview.late', figure: 'late' },
];

/**
 * admin/main, the console's landing page: the next working day (or a chosen day, `?day=`) and today at a glance,
 * per country. Every order figure links to the order list of exactly those orders; today's progress (finished, under
 * way, to come, late) links to the board and follows the board's stream. It refreshes every minute and says when it
 * last did.
 */
export function OverviewPage() {
  const { t, language, country: siteCountry } = useI18n();
  usePageTitle(t('admin.overview.title'));
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('day') ?? '';
  const day = DATE.test(asked) ? asked : '';
  const [typed, setTyped] = useState(day);
  const { data, previousData, error, refetch } = useQuery(OverviewPageQuery, {
    variables: { date: day === '' ? null : day },
    pollInterval: REFRESH_MS,
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;

  // A burst of taps is one read: a change during a read asks for one more after it.
  const reading = useRef<'idle' | 'reading' | 'again'>('idle');
  const reload = useCallback(() => {
    if (reading.current !== 'idle') {
      reading.current = 'again';
      return;
    }
    const read = (): void => {
      reading.current = 'reading';
      void refetch()
        .catch(() => undefined)
        .finally(() => {
          if (reading.current === 'again') read();
          else reading.current = 'idle';
        });
    };
    read();
  }, [refetch]);
  const context = useMemo<StreamContext>(() => ({ onStreamConnected: reload }), [reload]);
  useSubscription(OverviewVisitChangedSubscription, { context, onData: reload });

  const show = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(DATE.test(typed) ? { day: typed } : {});
  };

  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.overview.title')}</h1>
        {shown && (
          <p className="overview-updated">
            {t('admin.overview.updatedAt', {
              time: formatTime(new Date(shown.dispatchOverview.countedAt), { language, country: siteCountry }),
            })}
          </p>
        )}
      </div>
      <form className="overview-day-form" onSubmit={show}>
        <TextField
          label={t('admin.overview.day')}
          type="date"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button-secondary">
          {t('admin.overview.show')}
        </button>
        {day !== '' && (
          <Link className="button button-ghost" to="/admin/main" onClick={() => setTyped('')}>
            {t('admin.overview.nextWorkingDay')}
          </Link>
        )}
      </form>
      {/* A failed refresh keeps the last figures on screen and says so; the next refresh tries again. */}
      <Message tone="error">{error ? t('admin.overview.loadFailed') : null}</Message>
      {shown ? (
        shown.dispatchOverview.days.map((overviewDay) => (
          <DayTable key={overviewDay.kind} day={overviewDay} headingId={`${id}-${overviewDay.kind}`} />
        ))
      ) : !error ? (
        <Spinner />
      ) : null}
    </section>
  );
}

function DayTable({ day, headingId }: { day: DayData; headingId: string }) {
  const { t, language } = useI18n();
  const heading = t(DAY_HEADINGS[day.kind]);
  // "Nederland, dinsdag 24 november": the weekday in lower case, as mid-sentence.
  const place = (entry: CountryData) => {
    const noon = new Date(`${entry.date}T12:00:00Z`);
    const locale = { language, country: entry.country };
    return t('admin.overview.countryDay', {
      country: t(`common.country.${entry.country}`),
      day: `${formatWeekday(noon, locale)} ${formatDayMonth(noon, locale)}`,
    });
  };
  const cell = (entry: CountryData, row: (typeof ROWS)[number]) => {
    if (row.figure === 'techniciansWorking') return String(entry.techniciansWorking);
    const value = entry[row.figure];
    const text =
      row.figure === 'ordersConfirmed'
        ? t('admin.overview.ofTechnicians', { count: entry.techniciansConfirmed, total: entry.techniciansWorking })
        : row.figure === 'informed'
          ? t('admin.overview.informedShare', {
              count: value,
              percent: entry.orders === 0 ? 0 : Math.round((value * 100) / entry.orders),
            })
          : String(value);
    return (
      <Link
        to={orderListLink(row.figure, entry.country, entry.date)}
        aria-label={t('admin.overview.figureLink', { value: text, figure: t(row.label), place: place(entry) })}
      >
        {text}
      </Link>
    );
  };
  return (
    <section className="overview-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <div className="table-wrap">
        <table className="overview-table">
          <caption className="visually-hidden">{t('admin.overview.caption', { heading })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.overview.figure')}</th>
              {day.countries.map((entry) => (
                <th scope="col" key={entry.country}>
                  {place(entry)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.figure}>
                <th scope="row">{t(row.label)}</th>
                {day.countries.map((entry) => (
                  <td key={entry.country}>{cell(entry, row)}</td>
                ))}
              </tr>
            ))}
            {day.kind === 'TODAY' &&
              PROGRESS_ROWS.map((row) => (
                <tr key={row.figure} className="overview-progress">
                  <th scope="row">{t(row.label)}</th>
                  {day.countries.map((entry) => (
                    <td key={entry.country}>
                      <Link
                        to={`/admin/board?country=${entry.country}`}
                        aria-label={t('admin.overview.figureLink', {
                          value: String(entry[row.figure]),
                          figure: t(row.label),
                          place: place(entry),
                        })}
                      >
                        {entry[row.figure]}
                      </Link>
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
