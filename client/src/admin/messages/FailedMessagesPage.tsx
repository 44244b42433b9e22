import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton';
import { FormField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { FailedMessagesPageQuery as FailedMessagesData, MessageFailureCode } from '../../gql/graphql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { mergePage } from '../../lib/paging';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { orderPagePath } from '../orders/order-links';
import { useResendMessage } from './useResendMessage';

/** Messages per page: a screenful; older ones on request. */
const PAGE_SIZE = 25;

/** The reasons a message fails for good (the skipped ones are not failures: they were not sent on purpose). */
type FailedCode = Exclude<MessageFailureCode, `SKIPPED_${string}`>;
const FAILURE_CODES: readonly FailedCode[] = [
  'SMTP_RECIPIENT_REFUSED',
  'SMTP_RECIPIENT_DEFERRED',
  'SMTP_MESSAGE_REFUSED',
  'SMTP_UNREACHABLE',
  'SMTP_AUTH_FAILED',
  'SMTP_ERROR',
  'SMS_INVALID_NUMBER',
  'SMS_RECIPIENT_BLOCKED',
  'SMS_AUTH_FAILED',
  'SMS_UNREACHABLE',
  'SMS_PROVIDER_ERROR',
  'UNKNOWN',
];

const FailedMessagesPageQuery = graphql(`
  query FailedMessagesPage($failureCode: MessageFailureCode, $first: Int, $after: String) {
    failedConsumerMessages(failureCode: $failureCode, first: $first, after: $after) {
      totalCount
      totalCountExact
      edges {
        cursor
        node {
          id
          kind
          channel
          maskedRecipient
          failureCode
          failureReason
          tries
          failedAt
          orderId
          referenceNumber
          country
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

type FailedMessage = FailedMessagesData['failedConsumerMessages']['edges'][number]['node'];

/**
 * admin/messages/failed: the consumer messages that failed for good, across orders, newest first, by reason (in the
 * URL), each with its order and "Opnieuw versturen". The server decides whether one may go again (the order log's
 * rule) and says why not; one that goes leaves the list.
 */
export function FailedMessagesPage() {
  const { t, language } = useI18n();
  usePageTitle(t('admin.failedMessages.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('reason');
  const failureCode = FAILURE_CODES.find((code) => code === asked) ?? null;
  const { data, previousData, loading, error, fetchMore, refetch } = useQuery(FailedMessagesPageQuery, {
    variables: { failureCode, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const { describe, resendMessage, busyId, outcome, setOutcome, outcomeRef, confirmDialog } =
    useResendMessage<FailedMessage>({
      resentText: (message, described) =>
        t('admin.failedMessages.resent', { message: described, reference: message.referenceNumber }),
      // It waits to be sent now: no longer a failure, so it leaves the list.
      afterResend: refetch,
    });
  const [loadingMore, setLoadingMore] = useState(false);
  const list = (data ?? previousData)?.failedConsumerMessages;

  const instant = (value: string, country: FailedMessage['country']) => {
    const date = new Date(value);
    return `${formatDayMonthYear(date, { language, country })} ${formatTime(date, { language, country })}`;
  };

  const loadMore = async () => {
    const after = list?.pageInfo.endCursor;
    if (!after) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          failedConsumerMessages: mergePage(
            previous.failedConsumerMessages,
            fetchMoreResult.failedConsumerMessages,
            after,
          ),
        }),
      });
    } catch (failure) {
      setOutcome({ tone: 'error', text: problemOf(failure, t('common.genericError')).message });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.failedMessages.title')} />
      <p>{t('admin.failedMessages.intro')}</p>
      <FormField id="failed-messages-reason" label={t('admin.failedMessages.filter')}>
        {(control) => (
          <select
            {...control}
            value={failureCode ?? ''}
            onChange={(event) => {
              setOutcome(null);
              const next = new URLSearchParams(searchParams);
              if (event.target.value) next.set('reason', event.target.value);
              else next.delete('reason');
              setSearchParams(next);
            }}
          >
            <option value="">{t('admin.failedMessages.allReasons')}</option>
            {FAILURE_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`admin.failedMessages.code.${code}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div ref={outcomeRef} tabIndex={-1} className="message-outcome">
        <Message tone="success">{outcome?.tone === 'success' ? outcome.text : undefined}</Message>
        <Message tone="error">{outcome?.tone === 'error' ? outcome.text : undefined}</Message>
      </div>
      <Message tone="error">{error && !list ? problemOf(error, t('common.genericError')).message : undefined}</Message>
      {loading && !list && <Spinner />}
      {list && list.edges.length === 0 && <p className="muted">{t('admin.failedMessages.empty')}</p>}
      {list && list.edges.length > 0 && (
        <>
          <p className="history-count">
            {list.totalCountExact
              ? t('admin.failedMessages.count', { count: list.totalCount })
              : t('admin.failedMessages.countMore', { count: list.totalCount })}
          </p>
          <div className="table-wrap">
            <table className="failed-messages-table">
              <caption className="visually-hidden">{t('admin.failedMessages.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.failedMessages.column.failedAt')}</th>
                  <th scope="col">{t('admin.failedMessages.column.order')}</th>
                  <th scope="col">{t('admin.messages.column.kind')}</th>
                  <th scope="col">{t('admin.messages.column.recipient')}</th>
                  <th scope="col">{t('admin.failedMessages.filter')}</th>
                  <th scope="col">{t('admin.messages.column.tries')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.messages.column.action')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.edges.map(({ node: message }) => (
                  <tr key={message.id}>
                    <td>
                      <time dateTime={message.failedAt}>{instant(message.failedAt, message.country)}</time>
                    </td>
                    <td>
                      <Link to={orderPagePath(message.referenceNumber)}>{message.referenceNumber}</Link>
                    </td>
                    <td>
                      {t(`admin.messages.kind.${message.kind}`)}, {t(`admin.messages.channel.${message.channel}`)}
                    </td>
                    <td>
                      {message.maskedRecipient ?? <span className="muted">{t('admin.messages.addressRemoved')}</span>}
                    </td>
                    <td>
                      <p className="message-reason">{t(`admin.messages.failure.${message.failureCode}`)}</p>
                      {message.failureReason && (
                        <p className="message-reason muted">
                          {t('admin.messages.failureDetail')} <span lang="en">{message.failureReason}</span>
                        </p>
                      )}
                    </td>
                    <td>{message.tries}</td>
                    <td>
                      <BusyButton
                        type="button"
                        className="button button-secondary"
                        busy={busyId === message.id}
                        aria-label={t('common.actionOn', {
                          action: t('admin.messages.resend'),
                          subject: `${message.referenceNumber}, ${describe(message)}`,
                        })}
                        onClick={() => void resendMessage(message)}
                      >
                        {t('admin.messages.resend')}
                      </BusyButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.pageInfo.hasNextPage && (
            <BusyButton
              type="button"
              className="button button-secondary"
              busy={loadingMore}
              onClick={() => void loadMore()}
            >
              {t('admin.failedMessages.more')}
            </BusyButton>
          )}
        </>
      )}
      {confirmDialog}
    </section>
  );
}
