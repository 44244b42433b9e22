import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { Country, OrderMessages_MessageFragment } from '../../gql/graphql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { useResendMessage } from '../messages/useResendMessage';
import { useOfficeMay } from '../console/office-role';

/** While a message waits to be sent, the log is read again this often, so its status follows without a reload. */
const MESSAGE_LOG_POLL_MS = 5_000;

const OrderMessagesQuery = graphql(`
  query OrderMessages($orderId: Int!) {
    orderMessages(orderId: $orderId) {
      totalCount
      messages {
        id
        ...OrderMessages_message
      }
    }
  }
`);

/** @public Read by codegen: the log's query and the resend mutation spread it. */
export const OrderMessagesMessageFragment = graphql(`
  fragment OrderMessages_message on ConsumerMessageLogEntry {
    id
    kind
    channel
    maskedRecipient
    status
    failureCode
    failureReason
    tries
    createdAt
    sentAt
    failedAt
    openedAt
  }
`);

/**
 * The messages sent to the order's consumer (docs/rules.md, Consumer messages): per message what it told, on
 * which channel, to which address (masked), where it stands (with a failure's reason, and when a mail was
 * opened), its times and tries, and "Opnieuw versturen" after a confirmation. The server decides whether a
 * message may go again and says why not, in the admin's language.
 */
export function OrderMessages({ orderId, country }: { orderId: number; country: Country }) {
  const { t, language } = useI18n();
  const plans = useOfficeMay('plan');
  const { data, loading, error, startPolling, stopPolling } = useQuery(OrderMessagesQuery, {
    variables: { orderId },
    fetchPolicy: 'cache-and-network',
  });
  const { describe, resendMessage, busyId, outcome, outcomeRef, confirmDialog } =
    useResendMessage<OrderMessages_MessageFragment>({
      // The resend is recorded in the order's history, shown beside this log.
      refetchQueries: ['OrderHistory'],
      resentText: (_message, described) => t('admin.messages.resent', { message: described }),
    });
  const log = data?.orderMessages;
  const waiting = log?.messages.some((message) => message.status === 'QUEUED') ?? false;

  useEffect(() => {
    if (!waiting) return;
    startPolling(MESSAGE_LOG_POLL_MS);
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);

  const locale = { language, country };
  const instant = (value: string) => {
    const date = new Date(value);
    return `${formatDayMonthYear(date, locale)} ${formatTime(date, locale)}`;
  };

  return (
    <section className="card order-messages" aria-labelledby="order-messages-title">
      <h2 id="order-messages-title">{t('admin.messages.title')}</h2>
      {loading && !log && <Spinner />}
      <Message tone="error">{error && !log ? problemOf(error, t('common.genericError')).message : undefined}</Message>
      {log && log.messages.length === 0 && <p>{t('admin.messages.empty')}</p>}
      {log && log.messages.length > 0 && (
        <>
          <p className="history-count">
            {log.totalCount > log.messages.length
              ? t('admin.messages.countPart', { shown: log.messages.length, count: log.totalCount })
              : t('admin.messages.count', { count: log.totalCount })}
          </p>
          <div className="table-wrap">
            <table className="order-messages-table">
              <caption className="visually-hidden">{t('admin.messages.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.messages.column.kind')}</th>
                  <th scope="col">{t('admin.messages.column.channel')}</th>
                  <th scope="col">{t('admin.messages.column.recipient')}</th>
                  <th scope="col">{t('admin.messages.column.status')}</th>
                  <th scope="col">{t('admin.messages.column.times')}</th>
                  <th scope="col">{t('admin.messages.column.tries')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.messages.column.action')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.messages.map((message) => (
                  <tr key={message.id}>
                    <td>{t(`admin.messages.kind.${message.kind}`)}</td>
                    <td>{t(`admin.messages.channel.${message.channel}`)}</td>
                    <td>
                      {message.maskedRecipient ?? <span className="muted">{t('admin.messages.addressRemoved')}</span>}
                    </td>
                    <td>
                      <span className={`badge badge-message-${message.status.toLowerCase()}`}>
                        {t(`admin.messages.status.${message.status}`)}
                      </span>
                      {message.openedAt && <span className="message-opened"> {t('admin.messages.opened')}</span>}
                      {(message.failureCode || message.failureReason) && (
                        <p className="message-reason">
                          {t('admin.messages.reason')} {t(`admin.messages.failure.${message.failureCode ?? 'UNKNOWN'}`)}
                        </p>
                      )}
                      {message.failureReason && (
                        <p className="message-reason muted">
                          {t('admin.messages.failureDetail')}{' '}
                          {/* The mail server's or SMS provider's own words, in English, for whoever fixes it. */}
                          <span lang="en">{message.failureReason}</span>
                        </p>
                      )}
                    </td>
                    <td>
                      <dl className="message-times">
                        <MessageTime label={t('admin.messages.time.created')} at={message.createdAt} format={instant} />
                        <MessageTime label={t('admin.messages.time.sent')} at={message.sentAt} format={instant} />
                        <MessageTime label={t('admin.messages.time.failed')} at={message.failedAt} format={instant} />
                        <MessageTime label={t('admin.messages.time.opened')} at={message.openedAt} format={instant} />
                      </dl>
                    </td>
                    <td>{message.tries}</td>
                    <td>
                      {plans && message.status !== 'QUEUED' && (
                        <BusyButton
                          type="button"
                          className="button button-secondary"
                          busy={busyId === message.id}
                          aria-label={t('common.actionOn', {
                            action: t('admin.messages.resend'),
                            subject: describe(message),
                          })}
                          onClick={() => void resendMessage(message)}
                        >
                          {t('admin.messages.resend')}
                        </BusyButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {/* Both live regions are on the page from the start, so the outcome is announced when it appears. */}
      <div ref={outcomeRef} tabIndex={-1} className="message-outcome">
        <Message tone="success">{outcome?.tone === 'success' ? outcome.text : undefined}</Message>
        <Message tone="error">{outcome?.tone === 'error' ? outcome.text : undefined}</Message>
      </div>
      {confirmDialog}
    </section>
  );
}

function MessageTime({ label, at, format }: { label: string; at: string | null; format: (value: string) => string }) {
  if (!at) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <time dateTime={at}>{format(at)}</time>
      </dd>
    </div>
  );
}
