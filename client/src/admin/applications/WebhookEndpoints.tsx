import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import type { WebhookEndpointsQuery as EndpointsData } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints($apiClientId: Int!) {
    webhookEndpoints(apiClientId: $apiClientId) {
      id
      url
      events
      enabled
      failingSince
    }
  }
`);

const UpdateWebhookEndpointMutation = graphql(`
  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(input: $input) {
      id
      enabled
      failingSince
    }
  }
`);

type Endpoint = EndpointsData['webhookEndpoints'][number];

/** The endpoints of an application, each turned on or off. */
export function WebhookEndpoints({ endpoints }: { endpoints: readonly Endpoint[] }) {
  const { t } = useI18n();
  const [update, { loading }] = useMutation(UpdateWebhookEndpointMutation);
  const [failure, setFailure] = useState<string | null>(null);

  const switchOver = async (endpoint: Endpoint) => {
    setFailure(null);
    try {
      await update({ variables: { input: { id: endpoint.id, enabled: !endpoint.enabled } } });
    } catch (caught) {
      setFailure(problemOf(caught, t('common.genericError')).message);
    }
  };

  return (
    <>
      <h3>{t('admin.webhooks.endpoints')}</h3>
      <Message tone="error">{failure ?? undefined}</Message>
      {endpoints.length === 0 ? (
        <p className="muted">{t('admin.webhooks.noEndpoints')}</p>
      ) : (
        <ul>
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <code>{endpoint.url}</code> — {endpoint.events.join(', ')} —{' '}
              {t(endpoint.enabled ? 'admin.webhooks.enabled' : 'admin.webhooks.disabled')}{' '}
              <BusyButton
                className="button button-secondary"
                busy={loading}
                aria-label={t(endpoint.enabled ? 'admin.webhooks.disableLabel' : 'admin.webhooks.enableLabel', {
                  url: endpoint.url,
                })}
                onClick={() => void switchOver(endpoint)}
              >
                {t(endpoint.enabled ? 'admin.webhooks.disable' : 'admin.webhooks.enable')}
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
