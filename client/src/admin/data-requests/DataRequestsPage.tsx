import { useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { StatusMessages, type Status } from '../orders/StatusMessages';
import { DataRequestAudit } from './DataRequestAudit';
import { PersonalDataResult } from './PersonalDataResult';

const PersonalDataQuery = graphql(`
  query PersonalData($search: String!) {
    personalData(input: { search: $search }) {
      ...PersonalDataResult_findings
    }
  }
`);

/**
 * Screen 'Gegevensverzoeken' (docs/rules.md, Personal data): a person found by e-mail address or phone number, what is
 * held about them, the downloads and the erase, and the audit of requests. The search stays out of the URL: an address
 * or a number does not belong in the browser's history.
 */
export function DataRequestsPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.dataRequests.title'));
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const result = useQuery(PersonalDataQuery, {
    variables: { search: searched ?? '' },
    skip: searched === null,
    fetchPolicy: 'network-only',
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const wanted = typed.trim();
    if (wanted === '') return;
    if (wanted === searched) void result.refetch().catch(() => undefined);
    else setSearched(wanted);
  };

  /** The person is erased: the findings go, and the keyboard goes back to the search box they came from. */
  const erased = (text: string) => {
    setSearched(null);
    setTyped('');
    setStatus({ tone: 'success', text });
    searchBox.current?.focus();
  };

  const problem = searched !== null && result.error ? problemOf(result.error, t('common.genericError')) : null;
  const findings = searched !== null && !result.error ? result.data?.personalData : undefined;

  return (
    <section className="data-requests">
      <AdminPageHeader title={t('admin.dataRequests.title')} />
      <p>{t('admin.dataRequests.intro')}</p>
      <form className="card form search-form" onSubmit={search} role="search">
        <FormField id="data-search" label={t('admin.dataRequests.search')} hint={t('admin.dataRequests.searchHint')}>
          {(control) => (
            <div className="inline-controls">
              <input
                {...control}
                ref={searchBox}
                value={typed}
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
              />
              <button type="submit" className="button button-primary">
                {t('admin.dataRequests.find')}
              </button>
            </div>
          )}
        </FormField>
        <Message tone="error">{problem?.message}</Message>
      </form>
      <StatusMessages status={status} />
      {result.loading && <Spinner />}
      {findings && searched !== null && (
        <PersonalDataResult findings={findings} search={searched} onStatus={setStatus} onErased={erased} />
      )}
      <DataRequestAudit onStatus={setStatus} />
    </section>
  );
}
