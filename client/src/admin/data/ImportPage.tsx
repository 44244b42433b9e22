import { skipToken, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import type { Country, ImportOrdersMutation as ImportOrdersResult, RowReport_OutcomeFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { clearStorage } from '../../lib/storage';
import { newUuid, uploadOperation } from '../../lib/upload';
import { usePageTitle } from '../../lib/usePageTitle';
import { CountrySelect } from './CountrySelect';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';

const ImportOrdersMutation = graphql(`
  mutation ImportOrders($country: Country!, $file: Upload!, $jobId: String) {
    importOrders(country: $country, file: $file, jobId: $jobId) {
      __typename
      ... on ImportOrdersSuccess {
        rows
        created
        updated
        unchanged
      }
      ... on ImportRowErrors {
        rowsChecked
        errorCount
        ...RowReport_outcome
      }
    }
  }
`);

/** @public Read by codegen: the import mutation spreads it. */
export const RowReportFragment = graphql(`
  fragment RowReport_outcome on ImportRowErrors {
    errorCount
    errors {
      line
      column
      value
      message
    }
  }
`);

const ImportJobQuery = graphql(`
  query ImportJob($id: String!) {
    importJob(id: $id) {
      id
      status
      rowsChecked
      rowsWritten
    }
  }
`);

/** How often the screen asks for the import's progress while it runs. */
const PROGRESS_POLL_MS = 400;

type Outcome = ImportOrdersResult['importOrders'];

function RowReport({ outcome }: { outcome: RowReport_OutcomeFragment }) {
  const { t } = useI18n();
  const hidden = outcome.errorCount - outcome.errors.length;
  return (
    <section className="import-report" aria-labelledby="import-report-title">
      <h2 id="import-report-title">{t('admin.import.report')}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('admin.import.line')}</th>
              <th scope="col">{t('admin.import.column')}</th>
              <th scope="col">{t('admin.import.value')}</th>
              <th scope="col">{t('admin.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.errors.map((error, index) => (
              <tr key={index}>
                <td data-label={t('admin.import.line')}>{error.line}</td>
                <td data-label={t('admin.import.column')}>
                  {error.column ?? <span className="muted">{t('admin.import.wholeRow')}</span>}
                </td>
                <td data-label={t('admin.import.value')} className="import-value">
                  {error.value}
                </td>
                <td data-label={t('admin.import.reason')}>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hidden > 0 && <p className="muted">{t('admin.import.more', { count: hidden })}</p>}
    </section>
  );
}

/**
 * 'Gegevens inladen': a CSV file for one country, sent with upload progress; while the server checks
 * and writes, its progress (polled by job id); then the summary, or the report of the bad rows.
 */
export function ImportPage() {
  const { t, language, country: siteCountry } = useI18n();
  usePageTitle(t('admin.menu.import'));
  const navigate = useNavigate();
  const [country, setCountry] = useState<Country>(siteCountry);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const running = jobId !== null && outcome === null && problem === null;

  const { data: progress } = useQuery(
    ImportJobQuery,
    running && jobId ? { variables: { id: jobId }, pollInterval: PROGRESS_POLL_MS, fetchPolicy: 'network-only' } : skipToken,
  );
  const job = progress?.importJob;
  const checked =
    outcome?.__typename === 'ImportOrdersSuccess'
      ? outcome.rows
      : outcome?.__typename === 'ImportRowErrors'
        ? outcome.rowsChecked
        : (job?.rowsChecked ?? 0);
  const written = outcome?.__typename === 'ImportOrdersSuccess' ? outcome.rows : outcome ? 0 : (job?.rowsWritten ?? 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || running) return;
    const id = newUuid();
    setOutcome(null);
    setProblem(null);
    setSent(0);
    setJobId(id);
    try {
      const data = await uploadOperation(ImportOrdersMutation, { country, jobId: id }, 'file', file, {
        token: 'admin',
        language,
        onProgress: (loaded, total) => setSent(Math.round((100 * loaded) / total)),
      });
      setSent(100);
      setOutcome(data.importOrders);
    } catch (error) {
      const found = problemOf(error, t('common.genericError'));
      if (found.code === 'UNAUTHENTICATED') {
        clearStorage();
        navigate('/admin/login', { replace: true });
        return;
      }
      setProblem(found);
    }
  };

  return (
    <section className="card">
      <AdminPageHeader title={t('admin.menu.import')} back="/admin" />
      <p>{t('admin.import.intro')}</p>
      <p className="muted">{t('admin.import.format')}</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <CountrySelect value={country} onChange={setCountry} disabled={running} />
        <TextField
          label={t('admin.import.file')}
          hint={t('admin.import.fileHint')}
          error={fileError}
          type="file"
          accept=".csv,text/csv"
          disabled={running}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const isCsv = chosen !== null && chosen.name.toLowerCase().endsWith('.csv');
            setFile(isCsv ? chosen : null);
            setFileError(chosen && !isCsv ? t('admin.import.notCsv') : null);
          }}
        />
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={running} disabled={!file}>
            {t('admin.import.submit')}
          </BusyButton>
        </div>
      </form>

      {sent !== null && (
        <div className="import-progress">
          <label className="progress-row">
            <span>{t('admin.import.uploadProgress')}</span>
            <progress max={100} value={sent}>
              {sent}%
            </progress>
            <span className="progress-figure">{sent}%</span>
          </label>
          <p className="progress-counts" role="status" aria-live="polite">
            <span>{t('admin.import.checked', { rows: checked.toLocaleString(language) })}</span>
            <span>{t('admin.import.written', { rows: written.toLocaleString(language) })}</span>
          </p>
        </div>
      )}

      <Message tone="error">
        {problem?.message ??
          (outcome?.__typename === 'ImportRowErrors'
            ? outcome.errorCount === 1
              ? t('admin.import.refusedOne')
              : t('admin.import.refused', { count: outcome.errorCount.toLocaleString(language) })
            : null)}
      </Message>
      <Message tone="success">
        {outcome?.__typename === 'ImportOrdersSuccess' && (
          <>
            <strong>{t('admin.import.success')}</strong>{' '}
            {t('admin.import.summary', {
              rows: outcome.rows.toLocaleString(language),
              created: outcome.created.toLocaleString(language),
              updated: outcome.updated.toLocaleString(language),
              unchanged: outcome.unchanged.toLocaleString(language),
            })}
          </>
        )}
      </Message>
      {outcome?.__typename === 'ImportRowErrors' && <RowReport outcome={outcome} />}
    </section>
  );
}
