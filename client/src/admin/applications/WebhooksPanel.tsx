import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from '../../../../shared/webhook-events.js';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookEndpoints, WebhookEndpointsQuery } from './WebhookEndpoints';

const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
      }
    }
  }
`);

/** An application's webhooks: a new endpoint (its secret shown once), the endpoints and the delivery log. */
export function WebhooksPanel({ application }: { application: { id: number; name: string } }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set(['order.created']));
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const secretHeading = useRef<HTMLHeadingElement>(null);
  const endpoints = useQuery(WebhookEndpointsQuery, { variables: { apiClientId: application.id } });
  const [create, { loading }] = useMutation(CreateWebhookEndpointMutation, {
    refetchQueries: [WebhookEndpointsQuery],
  });

  // Opening the panel moves the focus to it; a new secret takes it, as it is shown only this once.
  useEffect(() => heading.current?.focus(), [application.id]);
  useEffect(() => {
    if (secret) secretHeading.current?.focus();
  }, [secret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const result = await create({ variables: { input: { apiClientId: application.id, url, events: [...events] } } });
      if (result.data) setSecret(result.data.createWebhookEndpoint.secret);
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')));
    }
  };

  const toggle = (type: string, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(type);
    else next.delete(type);
    setEvents(next);
  };

  return (
    <section className="card" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading" ref={heading} tabIndex={-1}>
        {t('admin.webhooks.title', { name: application.name })}
      </h2>
      {secret && (
        <div className="application-key">
          <h3 ref={secretHeading} tabIndex={-1}>
            {t('admin.webhooks.secretTitle')}
          </h3>
          <Message tone="warning">{t('admin.webhooks.secretWarning')}</Message>
          <TextField label={t('admin.webhooks.secret')} readOnly value={secret} spellCheck={false} />
          <button type="button" className="button button-secondary" onClick={() => setSecret(null)}>
            {t('admin.applications.keyDone')}
          </button>
        </div>
      )}
      <form className="form" onSubmit={(event) => void submit(event)}>
        <h3>{t('admin.webhooks.createTitle')}</h3>
        <TextField
          label={t('admin.webhooks.url')}
          required
          type="url"
          maxLength={2000}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={problem?.fields.url}
        />
        <fieldset>
          <legend>{t('admin.webhooks.events')}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={events.has(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />{' '}
              <code>{type}</code> — {WEBHOOK_EVENT_DESCRIPTIONS[type][i18n.language]}
            </label>
          ))}
        </fieldset>
        <Message tone="error">{problem && !problem.fields.url ? problem.message : undefined}</Message>
        <div>
          <BusyButton type="submit" className="button button-primary" busy={loading}>
            {t('admin.webhooks.create')}
          </BusyButton>
        </div>
      </form>
      <WebhookEndpoints endpoints={endpoints.data?.webhookEndpoints ?? []} />
      <WebhookDeliveries apiClientId={application.id} />
    </section>
  );
}
