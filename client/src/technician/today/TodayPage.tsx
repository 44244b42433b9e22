import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { formatLongDate, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { readSnapshot, saveSnapshot } from '../offline/offline-snapshot';
import { TechnicianTodayPageQuery, type TodayData } from './today-documents';
import { useWaitingTaps } from './useWaitingTaps';
import { VisitCard } from './VisitCard';
import type { StatusChange } from './visit-change';
import { dayOrder, daySummary } from './day-order';
import { withWaiting } from './visit-stage';

/**
 * Today, visit by visit: the next stop on top with its buttons in thumb reach, the other open visits after it, the
 * finished ones folded into one line at the end ("3 van 7 afgerond"), to open when needed. Opens from the last copy
 * when there is no connection; taps made then wait on the phone and go when the connection returns.
 */
export function TodayPage() {
  const i18n = useI18n();
  const { t } = i18n;
  usePageTitle(t('technician.today.pageTitle'));
  const { data, error, loading, refetch } = useQuery(TechnicianTodayPageQuery, { fetchPolicy: 'network-only' });
  const [stored] = useState(() => readSnapshot<TodayData>('today'));
  const snapshot = stored === 'expired' ? null : stored;
  // The phone's clock may be off: estimates count from the server's time, as last heard.
  const skew = useRef(
    snapshot ? new Date(snapshot.data.serverInfo.now).getTime() - new Date(snapshot.savedAt).getTime() : 0,
  );
  const now = useCallback(() => new Date(Date.now() + skew.current), []);

  useEffect(() => {
    if (!data) return;
    // The day is the technician's; both countries' zones keep the same time, so the site's zone serves.
    saveSnapshot('today', data, {
      date: data.technicianToday.date,
      zone: TIME_ZONE[i18n.country],
      serverNow: data.serverInfo.now,
    });
    skew.current = new Date(data.serverInfo.now).getTime() - Date.now();
  }, [data, i18n.country]);

  const reload = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const { waiting, refused, tap } = useWaitingTaps({ onSent: reload });
  // A step back is allowed once until the next step forward (the server holds the same rule); the server's status
  // does not say which came last, so the page remembers its own taps.
  const [steppedBack, setSteppedBack] = useState<ReadonlySet<number>>(new Set());
  const [showFinished, setShowFinished] = useState(false);
  const finishedId = useId();
  // The tapped card's status, once the tap shows: the pressed button is gone or moved (a finished visit folds away).
  const focusAfterTap = useRef<number | null>(null);
  const listsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const orderId = focusAfterTap.current;
    const lists = listsRef.current;
    if (orderId === null || !lists) return;
    focusAfterTap.current = null;
    const status = lists.querySelector<HTMLElement>(`[data-order="${orderId}"] [data-status]`);
    if (status?.checkVisibility()) return status.focus();
    // Folded away: on to the next stop, or to the line that holds the finished visits.
    (
      lists.querySelector<HTMLElement>('.is-next [data-status]') ?? lists.querySelector<HTMLElement>('[aria-expanded]')
    )?.focus();
  });
  useEffect(() => {
    // A refusal shows on its card, which the status may have moved: bring it into view.
    const [first] = refused;
    if (!first) return;
    listsRef.current
      ?.querySelector(`[data-order="${first.orderId}"] [data-feedback]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [refused]);
  const tapAndRemember = (change: StatusChange) => {
    focusAfterTap.current = change.orderId;
    setSteppedBack((previous) => {
      const next = new Set(previous);
      if (change.kind === 'undo') next.add(change.orderId);
      else next.delete(change.orderId);
      return next;
    });
    tap(change);
  };

  const offline = !data && !loading && error !== undefined && problemOf(error, '').code === 'NETWORK';
  const shown = data ?? (offline ? snapshot?.data : undefined);

  useEffect(() => {
    // Back online after opening offline: read the day again.
    const online = () => reload();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [reload]);

  if (!shown) {
    return (
      <section className="planner">
        <div className="page-header">
          <h1>{t('technician.today.pageTitle')}</h1>
        </div>
        {loading && <Spinner />}
        <Message tone="error">
          {error && !loading
            ? offline
              ? t(stored === 'expired' ? 'technician.offline.copyExpired' : 'technician.offline.nothingSaved')
              : problemOf(error, t('common.genericError')).message
            : null}
        </Message>
        {error && !loading && (
          <button type="button" className="button button-secondary" onClick={reload}>
            {t('technician.manage.retry')}
          </button>
        )}
      </section>
    );
  }

  const { date, orders } = shown.technicianToday;
  const day = new Date(`${date}T12:00:00Z`);
  const statuses = orders.map((order) => {
    const status = withWaiting(order.status, waiting, order.id);
    return steppedBack.has(order.id) ? { ...status, corrected: true } : status;
  });
  const stages = statuses.map((status) => status.stage);
  const { open, finished, next } = dayOrder(stages);
  const summary = daySummary(orders, stages);
  const card = (index: number) => {
    const order = orders[index];
    return (
      <VisitCard
        key={order.id}
        order={order}
        status={statuses[index]}
        number={index + 1}
        isNext={index === next}
        date={date}
        now={now}
        refusal={
          refused
            .filter((refusal) => refusal.orderId === order.id)
            .map((refusal) => refusal.message)
            .join(' ') || null
        }
        onTap={tapAndRemember}
      />
    );
  };
  return (
    <section className="planner" aria-labelledby="today-heading">
      <div className="page-header">
        <div>
          <h1 id="today-heading">{t('technician.today.pageTitle')}</h1>
          <p className="planner-date">
            {formatWeekday(day, i18n)} {formatLongDate(day, i18n)}
          </p>
          {summary.lastEnd && (
            <p className="today-summary" data-testid="today-summary">
              {t('technician.today.dayCount', {
                count: summary.total,
                time: formatTime(new Date(summary.lastEnd), i18n),
              })}
            </p>
          )}
        </div>
      </div>
      {offline && snapshot && (
        <p className="offline-banner" role="status">
          {t('technician.offline.banner', { time: formatTime(new Date(snapshot.savedAt), i18n) })}
        </p>
      )}
      {waiting.length > 0 && (
        <p className="waiting-banner" role="status">
          {t('technician.today.waitingCount', { count: waiting.length })}
        </p>
      )}
      {/* A refusal shows on its visit's card; one for a visit no longer listed shows here. */}
      <Message tone="error">
        {refused
          .filter((refusal) => !orders.some((order) => order.id === refusal.orderId))
          .map((refusal) => refusal.message)
          .join(' ') || null}
      </Message>
      {orders.length === 0 ? (
        <p className="planner-empty">{t('technician.today.empty')}</p>
      ) : (
        <div ref={listsRef}>
          {open.length > 0 ? (
            <ol className="planner-list visit-list" aria-label={t('technician.today.listLabel')}>
              {open.map(card)}
            </ol>
          ) : (
            <p className="planner-empty">{t('technician.today.allFinished')}</p>
          )}
          {finished.length > 0 && (
            <div className="visit-finished">
              <button
                type="button"
                className="visit-finished-toggle"
                aria-expanded={showFinished}
                aria-controls={finishedId}
                onClick={() => setShowFinished(!showFinished)}
              >
                {t('technician.today.finishedSummary', { finished: summary.finished, total: summary.total })}
              </button>
              <div id={finishedId} hidden={!showFinished}>
                <ol className="planner-list visit-list" aria-label={t('technician.today.finishedLabel')}>
                  {finished.map(card)}
                </ol>
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
