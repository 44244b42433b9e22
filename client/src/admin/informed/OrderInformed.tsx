import { graphql } from '../../gql';
import type { Country, OrderInformed_OrderFragment } from '../../gql/graphql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { ReplyNote } from '../../components/ReplyNote';

/** @public Read by codegen: the queries that show this component spread it. */
export const OrderInformedFragment = graphql(`
  fragment OrderInformed_order on Order {
    id
    country
    informed {
      lookupCount
      firstLookupAt
      lastLookupAt
      windowShownFrom
      windowSeenAt
      reply {
        answer
        accessNote
        updatedAt
      }
    }
  }
`);

/** "23-11-2026 15:02" in the order's country. */
export function useLocalMoment(country: Country) {
  const { language } = useI18n();
  const locale = { language, country };
  return (iso: string) => {
    const instant = new Date(iso);
    return `${formatDayMonthYear(instant, locale)} ${formatTime(instant, locale)}`;
  };
}

/** "Informed?" on the order screen: whether and when the customer looked up the window, and replied. */
export function OrderInformed({ order }: { order: OrderInformed_OrderFragment }) {
  const { t } = useI18n();
  const moment = useLocalMoment(order.country);
  const { informed } = order;
  const reply = informed.reply;
  const rows: { label: string; value: string; urgent?: boolean }[] = [
    {
      label: t('admin.informed.lookups'),
      value:
        informed.lookupCount === 0 || !informed.lastLookupAt
          ? t('admin.informed.never')
          : t('admin.informed.lookupSummary', { count: informed.lookupCount, last: moment(informed.lastLookupAt) }),
    },
    {
      label: t('admin.informed.windowSeen'),
      value: informed.windowSeenAt
        ? t('admin.informed.seenAt', { date: moment(informed.windowSeenAt) })
        : t('admin.informed.notSeen', { date: moment(informed.windowShownFrom) }),
    },
    {
      label: t('admin.informed.reply'),
      value: reply
        ? `${reply.answer ? t(`reply.answer.${reply.answer}`) : t('admin.informed.noteOnly')} (${t('admin.informed.repliedAt', { date: moment(reply.updatedAt) })})`
        : t('admin.informed.noReply'),
      urgent: reply?.answer === 'CALL_ME',
    },
  ];
  return (
    <section className="order-informed" aria-labelledby="order-informed-title">
      <h2 id="order-informed-title">{t('admin.informed.title')}</h2>
      <dl className="details-list">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className={row.urgent ? 'is-call-me' : undefined}>{row.value}</dd>
          </div>
        ))}
        {reply?.accessNote && (
          <div>
            <dt>{t('admin.informed.note')}</dt>
            <dd>
              <ReplyNote escaped={reply.accessNote} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
