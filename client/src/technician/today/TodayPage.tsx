import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { formatLongDate, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { readSnapshot, saveSnapshot } from '../offline/offline-snapshot';
import { TechnicianLogoutButton } from '../TechnicianLogoutButton';
import { TechnicianTodayPageQuery, type TodayData } from './today-documents';
import { useWaitingTaps } from './useWaitingTaps';
import { VisitCard } from './VisitCard';
import type { StatusChange } from './visit-change';
import { nextStopIndex, withWaiting } from './visit-stage';

/**
 * Today, visit by visit: every order of the day with its status, the next stop marked. Opens from the last copy
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
  const tapAndRemember = (change: StatusChange) => {
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
          <TechnicianLogoutButton />
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
  const next = nextStopIndex(statuses.map((status) => status.stage));
  return (
    <section className="planner" aria-labelledby="today-heading">
      <div className="page-header">
        <div>
          <h1 id="today-heading">{t('technician.today.pageTitle')}</h1>
          <p className="planner-date">
            {formatWeekday(day, i18n)} {formatLongDate(day, i18n)}
          </p>
        </div>
        <TechnicianLogoutButton />
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
        <ol className="planner-list visit-list" aria-label={t('technician.today.listLabel')}>
          {orders.map((order, index) => (
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
          ))}
        </ol>
      )}
    </section>
  );
}
