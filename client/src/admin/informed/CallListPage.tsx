import { addressLine } from '../../../../shared/address.js';
import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CALL_NOTE_MAX_LENGTH, CALL_STATUSES, DONE_CALL_STATUSES } from '../../../../shared/call-list.js';
import { FormField, TextField } from '../../components/FormField';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { ReplyNote } from '../../components/ReplyNote';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { CallListResult_ListFragment, CallStatus, CallStatusCell_OrderFragment, Country } from '../../gql/graphql';
import { formatDayMonthYear, formatLongDate, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { CountrySelect } from '../data/CountrySelect';
import { CALL_STATUS_LABELS } from '../orders/history-text';
import { orderPagePath } from '../orders/order-links';
import { technicianLabel, TechnicianSelect } from '../orders/TechnicianSelect';
import { AdminPageHeader } from '../AdminPageHeader';
import {
  readCallListParams,
  STATUS_CHOICES,
  writeCallListParams,
  type CallListParams,
  type CallListStatusChoice,
} from './call-list-params';
import { useSetCallStatus } from './useSetCallStatus';

/** How often an open list asks again, so two dispatchers see each other's calls (docs/decisions.md). */
const POLL_MS = 10_000;

const CallListPageQuery = graphql(`
  query CallListPage($country: Country, $by: String, $technician: String, $status: CallListStatus) {
    callList(country: $country, by: $by, technician: $technician, status: $status) {
      ...CallListResult_list
    }
    technicians {
      ...TechnicianSelect_technician
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
    matchingOrders
    counts {
      status
      count
    }
    orders {
      id
      referenceNumber
      name
      phone
      street
      zipcode
      houseNumber
      houseNumberAddition
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
      ...CallStatusCell_order
    }
  }
`);

/** @public Read by codegen: the list and the mutation's answer spread it. */
export const CallStatusCellFragment = graphql(`
  fragment CallStatusCell_order on Order {
    id
    call {
      status
      note
      setAt
      setByName
    }
  }
`);

/** Reads the list again when the tab comes back into view: the polls were skipped while it was hidden. */
function useRefetchWhenVisible(refetch: () => Promise<unknown>) {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);
}

/**
 * 'Bellijst': the evening-before call list. For the next working day of a country, the orders whose
 * customer has not looked up the window by a chosen time today (empty: now), to call them; each call's
 * outcome is recorded in its row, and the list follows what colleagues record.
 */
export function CallListPage() {
  const { t, country: siteCountry } = useI18n();
  usePageTitle(t('admin.menu.callList'));
  const id = useId();
  const [query, setQuery] = useSearchParams();
  const params = readCallListParams(query);
  const askedCountry: Country = params.country === '' ? siteCountry : params.country;
  const [country, setCountry] = useState<Country>(askedCountry);
  const [by, setBy] = useState(params.by);
  const [technician, setTechnician] = useState(params.technician);
  const [announcement, setAnnouncement] = useState('');
  const { data, previousData, loading, error, refetch } = useQuery(CallListPageQuery, {
    variables: {
      country: askedCountry,
      by: params.by === '' ? null : params.by,
      technician: params.technician === '' ? null : params.technician,
      status: params.status === '' ? null : params.status,
    },
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
    pollInterval: POLL_MS,
    // A hidden tab asks nothing; it reads the list as soon as it is shown again.
    skipPollAttempt: () => document.visibilityState === 'hidden',
    notifyOnNetworkStatusChange: false,
  });
  useRefetchWhenVisible(refetch);
  const shown = data ?? previousData;
  const problem = error ? problemOf(error, t('common.genericError')) : null;
  const technicians = (shown?.technicians ?? []).filter((option) => option.country === country);

  const apply = (next: CallListParams) => setQuery(writeCallListParams(next));

  const show = (event: FormEvent) => {
    event.preventDefault();
    const next: CallListParams = {
      country: country === siteCountry ? '' : country,
      by: by.trim(),
      technician: technicians.some((option) => option.personalNumber === technician) ? technician : '',
      status: params.status,
    };
    const same = (Object.keys(next) as (keyof CallListParams)[]).every((key) => next[key] === params[key]);
    if (same) void refetch().catch(() => undefined);
    else apply(next);
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.menu.callList')} />
      <p>{t('admin.callList.intro')}</p>
      <form className="card form call-list-form" onSubmit={show}>
        <div className="call-list-fields">
          <CountrySelect value={country} onChange={setCountry} />
          <TextField
            id={`${id}-by`}
            label={t('admin.callList.by')}
            hint={t('admin.callList.byHint')}
            error={problem?.fields.by}
            type="time"
            value={by}
            onChange={(event) => setBy(event.target.value)}
          />
          <FormField id={`${id}-technician`} label={t('admin.callList.technician')}>
            {(control) => (
              <TechnicianSelect
                id={control.id}
                technicians={technicians}
                value={technicians.some((option) => option.personalNumber === technician) ? technician : ''}
                onChange={setTechnician}
                emptyLabel={t('admin.callList.allTechnicians')}
              />
            )}
          </FormField>
        </div>
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={loading && !shown}>
            {t('admin.callList.show')}
          </BusyButton>
        </div>
      </form>
      <Message tone="error">{problem && !problem.fields.by ? problem.message : null}</Message>
      <Message tone="success">{announcement}</Message>
      {loading && !shown ? (
        <Spinner />
      ) : (
        shown && (
          <CallListResult
            list={shown.callList}
            status={params.status}
            linkTo={(status) => `?${writeCallListParams({ ...params, status }).toString()}`}
            onSaved={setAnnouncement}
          />
        )
      )}
    </section>
  );
}

function CallListResult({
  list,
  status,
  linkTo,
  onSaved,
}: {
  list: CallListResult_ListFragment;
  status: CallListStatusChoice;
  linkTo: (status: CallListStatusChoice) => string;
  onSaved: (announcement: string) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const locale = { language: i18n.language, country: list.country };
  const day = new Date(`${list.date}T12:00:00Z`);
  const weekday = formatWeekday(day, locale);
  // The summary starts with the day: "Dinsdag 24 november 2026: ..."
  const dayText = `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${formatLongDate(day, locale)}`;
  const beforeShown = Date.parse(list.cutoff) <= Date.parse(list.windowShownFrom);
  const time = (iso: string) => formatTime(new Date(iso), locale);
  const onList = list.counts.reduce((sum, count) => sum + count.count, 0);
  const countOf = (choice: CallListStatusChoice) =>
    choice === '' ? onList : (list.counts.find((count) => count.status === choice)?.count ?? 0);
  const statusLabel = (choice: Exclude<CallListStatusChoice, ''>) =>
    choice === 'NOT_CALLED' ? t('admin.callList.status.NOT_CALLED') : t(CALL_STATUS_LABELS[choice]);
  return (
    <div className="call-list">
      <p className="call-list-summary" role="status">
        {onList === 0
          ? t('admin.callList.empty', { day: dayText, total: list.totalOrders })
          : beforeShown
            ? t('admin.callList.summaryBeforeShown', { day: dayText, count: onList, from: time(list.windowShownFrom) })
            : t('admin.callList.summary', {
                day: dayText,
                count: onList,
                total: list.totalOrders,
                from: time(list.windowShownFrom),
                to: time(list.cutoff),
              })}
      </p>
      {onList > 0 && (
        <nav aria-label={t('admin.callList.countsLabel')}>
          <ul className="call-list-counts">
            {(['', ...STATUS_CHOICES] as const).map((choice) => (
              <li key={choice || 'ALL'}>
                <Link
                  className={`call-list-count${choice === status ? ' is-active' : ''}`}
                  to={linkTo(choice)}
                  aria-current={choice === status ? 'true' : undefined}
                >
                  <span>{choice === '' ? t('admin.callList.allStatuses') : statusLabel(choice)}</span>{' '}
                  <strong>{countOf(choice)}</strong>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {list.matchingOrders > list.orders.length && (
        <p className="muted">
          {t('admin.callList.truncated', { shown: list.orders.length, count: list.matchingOrders })}
        </p>
      )}
      {onList > 0 && list.orders.length === 0 && <p className="muted">{t('admin.callList.noneWithStatus')}</p>}
      {list.orders.length > 0 && (
        <div className="table-wrap">
          <table className="call-list-table">
            <caption className="visually-hidden">{t('admin.callList.caption', { day: dayText })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.callList.window')}</th>
                <th scope="col">{t('admin.callList.customer')}</th>
                <th scope="col">{t('admin.callList.phone')}</th>
                <th scope="col">{t('admin.callList.technician')}</th>
                <th scope="col">{t('admin.callList.earlier')}</th>
                <th scope="col">{t('admin.callList.callColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((order) => {
                const start = new Date(order.appointment);
                const end = new Date(start.getTime() + order.duration * 1000);
                const reply = order.informed.reply;
                const done =
                  order.call !== null && order.call !== undefined && DONE_CALL_STATUSES.includes(order.call.status);
                return (
                  <tr key={order.id} className={done ? 'is-call-done' : undefined}>
                    <td className="call-list-window">
                      {formatTime(start, locale)}–{formatTime(end, locale)}
                    </td>
                    <td>
                      <strong>{order.name}</strong>
                      {reply?.answer === 'CALL_ME' && (
                        <>
                          {' '}
                          <span className="badge badge-reply-call_me">{t('admin.ordersList.reply.CALL_ME')}</span>
                        </>
                      )}
                      <br />
                      <span className="muted">{addressLine(order)} · </span>
                      <Link to={orderPagePath(order.referenceNumber)}>{order.referenceNumber}</Link>
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
                    <td>
                      <CallStatusCell order={order} name={order.name} country={list.country} onSaved={onSaved} />
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

/**
 * A row's call: its status and note, and who set them when. What the dispatcher is typing stays until saved,
 * even when the list is read again meanwhile; an untouched row follows what a colleague records.
 */
function CallStatusCell({
  order,
  name,
  country,
  onSaved,
}: {
  order: CallStatusCell_OrderFragment;
  name: string;
  country: Country;
  onSaved: (announcement: string) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const ids = useId();
  const statusRef = useRef<HTMLSelectElement>(null);
  const [draft, setDraft] = useState<{ status: CallStatus | ''; note: string } | null>(null);
  const { setCallStatus, saving, problem } = useSetCallStatus();
  const stored = { status: order.call?.status ?? '', note: order.call?.note ?? '' } as const;
  const shown = draft ?? stored;
  const noteError = problem?.fields.note;
  const otherError = problem && !noteError ? problem.message : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const announced = await setCallStatus(
      { id: order.id, name },
      shown.status === '' ? null : shown.status,
      shown.status === '' ? '' : shown.note,
    );
    if (announced === null) return;
    setDraft(null);
    onSaved(announced);
    // A done row moves to the end of the list: the keyboard stays with it.
    if (!document.activeElement || document.activeElement === document.body) statusRef.current?.focus();
  };

  const setAt = order.call ? new Date(order.call.setAt) : null;
  const locale = { language: i18n.language, country };
  return (
    <form className="call-status" onSubmit={(event) => void save(event)}>
      <select
        ref={statusRef}
        aria-label={t('admin.callList.statusLabel', { name })}
        value={shown.status}
        onChange={(event) => setDraft({ ...shown, status: event.target.value as CallStatus | '' })}
      >
        <option value="">{t('admin.callList.status.NOT_CALLED')}</option>
        {CALL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(CALL_STATUS_LABELS[status])}
          </option>
        ))}
      </select>
      <input
        type="text"
        aria-label={t('admin.callList.noteLabel', { name })}
        maxLength={CALL_NOTE_MAX_LENGTH}
        value={shown.status === '' ? '' : shown.note}
        disabled={shown.status === ''}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={noteError ? `${ids}-note-error` : undefined}
        onChange={(event) => setDraft({ ...shown, note: event.target.value })}
      />
      <BusyButton
        type="submit"
        className="button button-secondary"
        busy={saving}
        aria-label={t('admin.callList.saveLabel', { name })}
      >
        {t('common.save')}
      </BusyButton>
      {order.call && setAt && (
        <p className="call-status-by muted">
          {t('admin.callList.setBy', {
            name: order.call.setByName,
            when: `${formatDayMonthYear(setAt, locale)} ${formatTime(setAt, locale)}`,
          })}
        </p>
      )}
      {noteError && (
        <p id={`${ids}-note-error`} className="field-error">
          {noteError}
        </p>
      )}
      {otherError && (
        <p className="field-error" role="alert">
          {otherError}
        </p>
      )}
    </form>
  );
}
