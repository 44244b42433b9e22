import { useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Message } from '../../components/Message';
import { ReplyNote } from '../../components/ReplyNote';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { CallListResult_ListFragment, Country } from '../../gql/graphql';
import { formatDayMonthYear, formatLongDate, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { CountrySelect } from '../data/CountrySelect';
import { technicianLabel } from '../orders/TechnicianSelect';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';

const CallListPageQuery = graphql(`
  query CallListPage($country: Country, $by: String) {
    callList(country: $country, by: $by) {
      ...CallListResult_list
    }
  }
`);

/** @public Read by codegen: the page query spreads it. */
export const CallListResultFragment = graphql(`
  fragment CallListResult_list on CallList {
    country
    date
    windowShownFrom
    cutoff
    totalOrders
    orders {
      id
      referenceNumber
      name
      phone
      zipcode
      houseNumber
      city
      appointment
      duration
      technician {
        ...TechnicianSelect_technician
      }
      informed {
        lookupCount
        lastLookupAt
        reply {
          answer
          accessNote
        }
      }
    }
  }
`);

/**
 * 'Bellijst': the evening-before call list. For the next working day of a country, the orders whose
 * customer has not looked up the window by a chosen time today (empty: now), to call them.
 */
export function CallListPage() {
  const { t, country: siteCountry } = useI18n();
  usePageTitle(t('admin.menu.callList'));
  const id = useId();
  const [country, setCountry] = useState<Country>(siteCountry);
  const [by, setBy] = useState('');
  const [asked, setAsked] = useState<{ country: Country; by: string | null }>({ country: siteCountry, by: null });
  const { data, loading, error, refetch } = useQuery(CallListPageQuery, {
    variables: asked,
    fetchPolicy: 'network-only',
  });
  const problem = error ? problemOf(error, t('common.genericError')) : null;

  const show = (event: FormEvent) => {
    event.preventDefault();
    const next = { country, by: by.trim() === '' ? null : by };
    if (next.country === asked.country && next.by === asked.by) void refetch().catch(() => undefined);
    else setAsked(next);
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.menu.callList')} />
      <p>{t('admin.callList.intro')}</p>
      <form className="card form call-list-form" onSubmit={show}>
        <div className="call-list-fields">
          <CountrySelect value={country} onChange={setCountry} />
          <div className="field">
            <label htmlFor={`${id}-by`}>{t('admin.callList.by')}</label>
            <input
              id={`${id}-by`}
              type="time"
              value={by}
              aria-describedby={`${id}-by-hint${problem?.fields.by ? ` ${id}-by-error` : ''}`}
              aria-invalid={problem?.fields.by ? true : undefined}
              onChange={(event) => setBy(event.target.value)}
            />
            <span id={`${id}-by-hint`} className="field-hint">
              {t('admin.callList.byHint')}
            </span>
            {problem?.fields.by && (
              <span id={`${id}-by-error`} className="field-error">
                {problem.fields.by}
              </span>
            )}
          </div>
        </div>
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={loading}>
            {t('admin.callList.show')}
          </BusyButton>
        </div>
      </form>
      <Message tone="error">{problem && !problem.fields.by ? problem.message : null}</Message>
      {loading && !data ? <Spinner /> : data && <CallListResult list={data.callList} />}
    </section>
  );
}

function CallListResult({ list }: { list: CallListResult_ListFragment }) {
  const i18n = useI18n();
  const { t } = i18n;
  const locale = { language: i18n.language, country: list.country };
  const day = new Date(`${list.date}T12:00:00Z`);
  const weekday = formatWeekday(day, locale);
  // The summary starts with the day: "Dinsdag 24 november 2026: ..."
  const dayText = `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${formatLongDate(day, locale)}`;
  const beforeShown = Date.parse(list.cutoff) <= Date.parse(list.windowShownFrom);
  const time = (iso: string) => formatTime(new Date(iso), locale);
  return (
    <div className="call-list">
      <p className="call-list-summary" role="status">
        {list.orders.length === 0
          ? t('admin.callList.empty', { day: dayText, total: list.totalOrders })
          : beforeShown
            ? t('admin.callList.summaryBeforeShown', {
                day: dayText,
                count: list.orders.length,
                from: time(list.windowShownFrom),
              })
            : t('admin.callList.summary', {
                day: dayText,
                count: list.orders.length,
                total: list.totalOrders,
                from: time(list.windowShownFrom),
                to: time(list.cutoff),
              })}
      </p>
      {list.orders.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t('admin.callList.caption', { day: dayText })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.callList.window')}</th>
                <th scope="col">{t('admin.callList.customer')}</th>
                <th scope="col">{t('admin.callList.phone')}</th>
                <th scope="col">{t('admin.callList.technician')}</th>
                <th scope="col">{t('admin.callList.earlier')}</th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((order) => {
                const start = new Date(order.appointment);
                const end = new Date(start.getTime() + order.duration * 1000);
                const reply = order.informed.reply;
                return (
                  <tr key={order.id}>
                    <td className="call-list-window">
                      {formatTime(start, locale)}–{formatTime(end, locale)}
                    </td>
                    <td>
                      <strong>{order.name}</strong>
                      <br />
                      <span className="muted">
                        {order.zipcode} {order.houseNumber}, {order.city} · {order.referenceNumber}
                      </span>
                      {reply?.accessNote && (
                        <>
                          <br />
                          <ReplyNote escaped={reply.accessNote} />
                        </>
                      )}
                    </td>
                    <td>
                      <a className="call-list-phone" href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>
                        {order.phone}
                      </a>
                    </td>
                    <td>{order.technician ? technicianLabel(order.technician) : '—'}</td>
                    <td>
                      {order.informed.lookupCount > 0 && order.informed.lastLookupAt
                        ? t('admin.callList.lookedEarlier', {
                            count: order.informed.lookupCount,
                            when: `${formatDayMonthYear(new Date(order.informed.lastLookupAt), locale)} ${time(order.informed.lastLookupAt)}`,
                          })
                        : t('admin.callList.never')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
