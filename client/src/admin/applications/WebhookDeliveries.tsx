import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';

const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($apiClientId: Int!) {
    webhookDeliveries(apiClientId: $apiClientId, first: 50) {
      id
      type
      status
      attempts
      createdAt
      lastStatusCode
      lastDurationMs
      lastError
    }
  }
`);

const RedeliverWebhookMutation = graphql(`
  mutation RedeliverWebhook($id: ID!) {
    redeliverWebhook(id: $id) {
      id
      status
    }
  }
`);

/** The newest deliveries of an application, each to send again. */
export function WebhookDeliveries({ apiClientId }: { apiClientId: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { data, refetch } = useQuery(WebhookDeliveriesQuery, { variables: { apiClientId } });
  const [redeliver, { loading }] = useMutation(RedeliverWebhookMutation);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const deliveries = data?.webhookDeliveries ?? [];

  const again = async (id: string) => {
    try {
      await redeliver({ variables: { id } });
      setStatus({ tone: 'success', text: t('admin.webhooks.redelivered') });
    } catch (caught) {
      setStatus({ tone: 'error', text: problemOf(caught, t('common.genericError')).message });
    }
  };

  return (
    <>
      <h3>{t('admin.webhooks.deliveries')}</h3>
      <button type="button" className="button button-secondary" onClick={() => void refetch()}>
        {t('admin.webhooks.refresh')}
      </button>
      <Message tone={status?.tone ?? 'success'}>{status?.text}</Message>
      {deliveries.length === 0 ? (
        <p className="muted">{t('admin.webhooks.noDeliveries')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.webhooks.event')}</th>
                <th scope="col">{t('admin.webhooks.status')}</th>
                <th scope="col">{t('admin.webhooks.attempts')}</th>
                <th scope="col">{t('admin.webhooks.answer')}</th>
                <th scope="col">{t('admin.webhooks.at')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.applications.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <code>{delivery.type}</code>
                  </td>
                  <td>{t(`admin.webhooks.status.${delivery.status as 'PENDING' | 'DELIVERED' | 'FAILED'}`)}</td>
                  <td>{delivery.attempts}</td>
                  <td>
                    {delivery.lastStatusCode ?? delivery.lastError ?? '—'}
                    {delivery.lastDurationMs === null ? '' : ` (${delivery.lastDurationMs} ms)`}
                  </td>
                  <td>
                    {formatDayMonthYear(new Date(delivery.createdAt), i18n)}{' '}
                    {formatTime(new Date(delivery.createdAt), i18n)}
                  </td>
                  <td>
                    <BusyButton
                      className="button button-secondary"
                      busy={loading}
                      aria-label={t('admin.webhooks.redeliverLabel', { type: delivery.type })}
                      onClick={() => void again(delivery.id)}
                    >
                      {t('admin.webhooks.redeliver')}
                    </BusyButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
