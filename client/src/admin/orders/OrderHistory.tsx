import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { Country, HistoryItem_EventFragment } from '../../gql/graphql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { actorText, fieldLabel, formatHistoryValue, kindLabel, type ValueContext } from './history-text';
import { technicianLabel, type TechnicianOption } from './TechnicianSelect';
import { BusyButton } from '../../components/BusyButton';

/** Events per page: a screenful; older ones on request. */
export const HISTORY_PAGE_SIZE = 10;

const OrderHistoryQuery = graphql(`
  query OrderHistory($orderId: Int!, $first: Int, $after: String) {
    orderHistory(orderId: $orderId, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          ...HistoryItem_event
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

/** @public Read by codegen: the history query spreads it. */
export const HistoryItemFragment = graphql(`
  fragment HistoryItem_event on OrderEvent {
    id
    at
    kind
    actor {
      type
      name
      actingAdmin
      importFileName
    }
    changes {
      field
      before
      after
    }
  }
`);

/** The order's audit trail, newest first, on the order screen. */
export function OrderHistory({
  orderId,
  country,
  technicians,
}: {
  orderId: number;
  country: Country;
  technicians: readonly TechnicianOption[];
}) {
  const { t, language } = useI18n();
  const { data, loading, error, fetchMore } = useQuery(OrderHistoryQuery, {
    variables: { orderId, first: HISTORY_PAGE_SIZE },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreProblem, setMoreProblem] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  /** After loading older events: the index of the first of them, to focus once it is shown. */
  const pendingFocus = useRef<number | null>(null);
  const history = data?.orderHistory;
  const shownCount = history?.edges.length ?? 0;

  useEffect(() => {
    const at = pendingFocus.current;
    if (at === null || shownCount <= at) return;
    pendingFocus.current = null;
    // The button may be gone (nothing older left): focus moves to the first event just loaded.
    const first = list.current?.children.item(at);
    if (first instanceof HTMLElement) first.focus();
  }, [shownCount]);

  const byNumber = new Map(technicians.map((technician) => [technician.personalNumber, technician]));
  const locale = { language, country };
  const context: ValueContext = {
    t,
    formatInstant: (instant) => `${formatDayMonthYear(instant, locale)} ${formatTime(instant, locale)}`,
    technicianName: (personalNumber) => {
      const known = byNumber.get(personalNumber);
      return known ? technicianLabel(known) : personalNumber;
    },
  };

  const loadOlder = async () => {
    if (!history?.pageInfo.endCursor) return;
    pendingFocus.current = history.edges.length;
    setLoadingMore(true);
    setMoreProblem(null);
    try {
      // The cache's policy for paged lists (lib/paging.ts) appends the page to the events shown.
      await fetchMore({ variables: { after: history.pageInfo.endCursor } });
    } catch (failure) {
      pendingFocus.current = null;
      setMoreProblem(problemOf(failure, t('common.genericError')).message);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className="card order-history" aria-labelledby="order-history-title">
      <h2 id="order-history-title">{t('admin.history.title')}</h2>
      {loading && !history && <Spinner />}
      <Message tone="error">
        {error && !history ? problemOf(error, t('common.genericError')).message : undefined}
      </Message>
      {history && history.edges.length === 0 && <p>{t('admin.history.empty')}</p>}
      {history && history.edges.length > 0 && (
        <>
          <p className="history-count">{t('admin.history.count', { count: history.totalCount })}</p>
          <ol className="history-list" ref={list}>
            {history.edges.map(({ node }) => (
              <HistoryItem key={node.id} event={node} context={context} />
            ))}
          </ol>
        </>
      )}
      <Message tone="error">{moreProblem ?? undefined}</Message>
      {history?.pageInfo.hasNextPage && (
        <div>
          <BusyButton
            type="button"
            className="button button-secondary"
            onClick={() => void loadOlder()}
            busy={loadingMore}
          >
            {t('admin.history.older')}
          </BusyButton>
        </div>
      )}
    </section>
  );
}

function HistoryItem({ event, context }: { event: HistoryItem_EventFragment; context: ValueContext }) {
  const { t } = useI18n();
  // A new order lists its values; a change lists each field from before to after.
  const isNew = event.kind === 'CREATED' || event.kind === 'IMPORT_CREATED';
  return (
    <li className="history-event" tabIndex={-1}>
      <div className="history-head">
        <strong>{kindLabel(event.kind, t)}</strong>
        <time dateTime={event.at}>{context.formatInstant(new Date(event.at))}</time>
      </div>
      <p className="history-actor">{actorText(event.actor, t)}</p>
      {event.changes.length > 0 && (
        <dl className="history-changes">
          {event.changes.map((change) => {
            const label = fieldLabel(change.field, t);
            const after = formatHistoryValue(change.field, change.after, context);
            const before = formatHistoryValue(change.field, change.before, context);
            return (
              <div key={change.field}>
                <dt>{label}</dt>
                <dd>
                  {isNew ? (
                    after
                  ) : change.before === change.after ? (
                    t('admin.history.unchanged', { value: after })
                  ) : (
                    <>
                      <span className="history-before">{before}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="visually-hidden"> {t('admin.history.becomes')} </span>
                      <span className="history-after">{after}</span>
                    </>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </li>
  );
}
