import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { ApplicationsPage_ApiClientFragment as Application, Country } from '../../gql/graphql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { WebhooksPanel } from './WebhooksPanel';

const ApplicationsPageQuery = graphql(`
  query ApplicationsPage {
    apiClients {
      id
      ...ApplicationsPage_apiClient
    }
  }
`);

/** @public Read by codegen: the page query and the mutations spread it. */
export const ApplicationsPageFragment = graphql(`
  fragment ApplicationsPage_apiClient on ApiClient {
    id
    name
    keyPrefixes
    scopes
    countries
    lastUsedAt
    revokedAt
  }
`);

const CreateApplicationMutation = graphql(`
  mutation CreateApplication($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      key
      apiClient {
        id
        ...ApplicationsPage_apiClient
      }
    }
  }
`);

const RotateApplicationKeyMutation = graphql(`
  mutation RotateApplicationKey($input: RotateApiClientKeyInput!) {
    rotateApiClientKey(input: $input) {
      key
      apiClient {
        id
        ...ApplicationsPage_apiClient
      }
    }
  }
`);

const RevokeApplicationMutation = graphql(`
  mutation RevokeApplication($id: Int!) {
    revokeApiClient(id: $id) {
      id
      ...ApplicationsPage_apiClient
    }
  }
`);

/** The scopes an application may get, as integrators write them. */
const SCOPES = ['orders:read', 'orders:write', 'visits:read', 'statistics:read'] as const;
const COUNTRIES: readonly Country[] = ['NL', 'BE'];
/** How long the old key works after a rotation (the server's default). */
const OVERLAP_HOURS = 24;

/**
 * Screen 'Applicaties': the integrators' applications with their own keys (docs/decisions/security.md). A key is
 * shown once, after creating or rotating, with a copy button; only its prefix is listed afterwards.
 */
export function ApplicationsPage() {
  const i18n = useI18n();
  const { t } = i18n;
  usePageTitle(t('admin.applications.title'));
  const { data, loading, error } = useQuery(ApplicationsPageQuery);
  const [confirm, confirmDialog] = useConfirm();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<string>>(new Set(['orders:read']));
  const [countries, setCountries] = useState<ReadonlySet<Country>>(new Set(['NL']));
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [shownKey, setShownKey] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [webhooksOf, setWebhooksOf] = useState<Application | null>(null);
  const keyHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const refetchQueries = [ApplicationsPageQuery];
  const [create, { loading: creating }] = useMutation(CreateApplicationMutation, { refetchQueries });
  const [rotate, { loading: rotating }] = useMutation(RotateApplicationKeyMutation);
  const [revoke, { loading: revoking }] = useMutation(RevokeApplicationMutation);
  const applications: readonly Application[] = data?.apiClients ?? [];

  // A new key takes the focus: it is the one thing to do now (copy it), and it is shown only this once.
  useEffect(() => {
    if (shownKey) keyHeading.current?.focus();
  }, [shownKey]);

  const toggle = <T,>(set: ReadonlySet<T>, value: T, on: boolean): ReadonlySet<T> => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setStatus(null);
    try {
      const result = await create({
        variables: { input: { name, scopes: [...scopes], countries: [...countries] } },
      });
      const created = result.data?.createApiClient;
      if (!created) return;
      setCopied(null);
      setShownKey({ name: name.trim(), key: created.key });
      setName('');
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')));
    }
  };

  const rotateKey = async (application: Application) => {
    const sure = await confirm({
      title: t('admin.applications.rotateTitle', { name: application.name }),
      body: t('admin.applications.rotateBody', { hours: OVERLAP_HOURS }),
      confirmLabel: t('admin.applications.rotate'),
      tone: 'primary',
    });
    if (!sure) return;
    try {
      const result = await rotate({ variables: { input: { id: application.id, overlapHours: OVERLAP_HOURS } } });
      const rotated = result.data?.rotateApiClientKey;
      if (!rotated) return;
      setStatus(null);
      setCopied(null);
      setShownKey({ name: application.name, key: rotated.key });
    } catch (caught) {
      setStatus({ tone: 'error', text: problemOf(caught, t('common.genericError')).message });
    }
  };

  const revokeApplication = async (application: Application) => {
    const sure = await confirm({
      title: t('admin.applications.revokeTitle', { name: application.name }),
      body: t('admin.applications.revokeBody'),
      confirmLabel: t('admin.applications.revoke'),
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await revoke({ variables: { id: application.id } });
      setStatus({ tone: 'success', text: t('admin.applications.revoked', { name: application.name }) });
      // The row's buttons are gone: the focus goes to the list, not to nowhere.
      listHeading.current?.focus();
    } catch (caught) {
      setStatus({ tone: 'error', text: problemOf(caught, t('common.genericError')).message });
    }
  };

  const copy = async () => {
    if (!shownKey) return;
    try {
      await navigator.clipboard.writeText(shownKey.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const lastUsed = (application: Application) =>
    application.lastUsedAt
      ? `${formatDayMonthYear(new Date(application.lastUsedAt), i18n)} ${formatTime(new Date(application.lastUsedAt), i18n)}`
      : t('admin.applications.neverUsed');

  return (
    <section>
      <AdminPageHeader title={t('admin.applications.title')} />
      {confirmDialog}
      {shownKey && (
        <section className="card application-key" aria-labelledby="application-key-heading">
          <h2 id="application-key-heading" ref={keyHeading} tabIndex={-1}>
            {t('admin.applications.keyTitle', { name: shownKey.name })}
          </h2>
          <Message tone="warning">{t('admin.applications.keyWarning')}</Message>
          <TextField label={t('admin.applications.key')} readOnly value={shownKey.key} spellCheck={false} />
          <div className="toolbar">
            <button type="button" className="button button-primary" onClick={() => void copy()}>
              {t('admin.applications.copy')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setShownKey(null)}>
              {t('admin.applications.keyDone')}
            </button>
          </div>
          <Message tone={copied === false ? 'error' : 'success'}>
            {copied === null ? undefined : t(copied ? 'admin.applications.copied' : 'admin.applications.copyFailed')}
          </Message>
        </section>
      )}
      <form className="card form" onSubmit={(event) => void submit(event)}>
        <h2>{t('admin.applications.createTitle')}</h2>
        <TextField
          label={t('admin.applications.name')}
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem?.fields.name}
        />
        <fieldset>
          <legend>{t('admin.applications.scopes')}</legend>
          {SCOPES.map((scope) => (
            <label key={scope} className="checkbox">
              <input
                type="checkbox"
                checked={scopes.has(scope)}
                onChange={(event) => setScopes(toggle(scopes, scope, event.target.checked))}
              />{' '}
              <code>{scope}</code>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('admin.applications.countries')}</legend>
          {COUNTRIES.map((country) => (
            <label key={country} className="checkbox">
              <input
                type="checkbox"
                checked={countries.has(country)}
                onChange={(event) => setCountries(toggle(countries, country, event.target.checked))}
              />{' '}
              {t(`common.country.${country}`)}
            </label>
          ))}
        </fieldset>
        <Message tone="error">{problem && !problem.fields.name ? problem.message : undefined}</Message>
        <div>
          <BusyButton type="submit" className="button button-primary" busy={creating}>
            {t('common.create')}
          </BusyButton>
        </div>
      </form>
      <Message tone={status?.tone ?? 'success'}>{status?.text}</Message>
      <Message tone="error">{error ? problemOf(error, t('common.genericError')).message : undefined}</Message>
      <h2 ref={listHeading} tabIndex={-1}>
        {t('admin.applications.listTitle')}
      </h2>
      {loading && !data ? (
        <Spinner />
      ) : applications.length === 0 ? (
        <p className="muted">{t('admin.applications.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.applications.name')}</th>
                <th scope="col">{t('admin.applications.prefix')}</th>
                <th scope="col">{t('admin.applications.scopes')}</th>
                <th scope="col">{t('admin.applications.countries')}</th>
                <th scope="col">{t('admin.applications.lastUsed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.applications.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {applications.map((application) => (
                <tr key={application.id}>
                  <td>{application.name}</td>
                  <td>
                    {application.revokedAt
                      ? t('admin.applications.revokedMark')
                      : application.keyPrefixes.map((prefix) => <code key={prefix}>{`tvk_${prefix}_… `}</code>)}
                  </td>
                  <td>{application.scopes.join(', ')}</td>
                  <td>{application.countries.join(', ')}</td>
                  <td>{lastUsed(application)}</td>
                  <td>
                    {!application.revokedAt && (
                      <div className="toolbar">
                        <BusyButton
                          className="button button-secondary"
                          busy={rotating}
                          aria-label={t('admin.applications.rotateLabel', { name: application.name })}
                          onClick={() => void rotateKey(application)}
                        >
                          {t('admin.applications.rotate')}
                        </BusyButton>
                        <button
                          type="button"
                          className="button button-secondary"
                          aria-label={t('admin.webhooks.openLabel', { name: application.name })}
                          onClick={() => setWebhooksOf(application)}
                        >
                          {t('admin.webhooks.open')}
                        </button>
                        <BusyButton
                          className="button button-secondary"
                          busy={revoking}
                          aria-label={t('admin.applications.revokeLabel', { name: application.name })}
                          onClick={() => void revokeApplication(application)}
                        >
                          {t('admin.applications.revoke')}
                        </BusyButton>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {webhooksOf && !webhooksOf.revokedAt && <WebhooksPanel key={webhooksOf.id} application={webhooksOf} />}
    </section>
  );
}
