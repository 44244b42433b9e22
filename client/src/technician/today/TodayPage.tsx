import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { RecordQueueProvider } from '../record/RecordQueue';
import { dayOrder, daySummary } from './day-order';
import { TodayBanners } from './TodayBanners';
import { TodayHeader } from './TodayHeader';
import { TodayUnavailable } from './TodayUnavailable';
import { TodayVisitLists } from './TodayVisitLists';
import { useReadAgainWhenOnline, useTodayDay } from './useTodayDay';
import { useTodayTaps } from './useTodayTaps';
import { VisitCard } from './VisitCard';
import { withWaiting } from './visit-stage';

/**
 * Today, visit by visit: the next stop on top with its buttons in thumb reach, the other open visits after it, the
 * finished ones folded into one line at the end ("3 van 7 afgerond"), to open when needed. Opens from the last copy
 * when there is no connection; taps made then wait on the phone and go when the connection returns.
 */
export function TodayPage() {
  const { t } = useI18n();
  usePageTitle(t('technician.today.pageTitle'));
  const today = useTodayDay();
  const { waiting, refused, steppedBack, listsRef, tap } = useTodayTaps(today.reload);
  useReadAgainWhenOnline(today.reload);

  if (!today.shown) {
    return (
      <TodayUnavailable
        loading={today.loading}
        error={today.error}
        offline={today.offline}
        copyExpired={today.stored === 'expired'}
        onRetry={today.reload}
      />
    );
  }

  const { date, orders } = today.shown.technicianToday;
  const statuses = orders.map((order) => {
    const status = withWaiting(order.status, waiting, order.id);
    return steppedBack.has(order.id) ? { ...status, corrected: true } : status;
  });
  const stages = statuses.map((status) => status.stage);
  const order = dayOrder(stages);
  const summary = daySummary(orders, stages);
  const refusalsOf = (listed: (orderId: number) => boolean) =>
    refused
      .filter((refusal) => listed(refusal.orderId))
      .map((refusal) => refusal.message)
      .join(' ') || null;
  const card = (index: number) => (
    <VisitCard
      key={orders[index].id}
      order={orders[index]}
      status={statuses[index]}
      number={index + 1}
      isNext={index === order.next}
      date={date}
      now={today.now}
      refusal={refusalsOf((orderId) => orderId === orders[index].id)}
      onTap={tap}
    />
  );
  return (
    <RecordQueueProvider tapsWaiting={waiting.length}>
      <section className="planner" aria-labelledby="today-heading">
        <TodayHeader date={date} summary={summary} />
        <TodayBanners
          copySavedAt={today.shownCopy?.savedAt}
          waitingCount={waiting.length}
          unlistedRefusals={refusalsOf((orderId) => !orders.some((listed) => listed.id === orderId))}
        />
        {orders.length === 0 ? (
          <p className="planner-empty">{t('technician.today.empty')}</p>
        ) : (
          <TodayVisitLists ref={listsRef} order={order} summary={summary} card={card} />
        )}
      </section>
    </RecordQueueProvider>
  );
}
