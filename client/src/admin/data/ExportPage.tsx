import { useApolloClient } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import type { Country } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { saveFile } from '../../lib/save-file';
import { clearStorage, readToken } from '../../lib/storage';
import { usePageTitle } from '../../lib/usePageTitle';
import { CountrySelect } from './CountrySelect';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';

const OrdersExportQuery = graphql(`
  query OrdersExport($country: Country) {
    ordersExport(country: $country) {
      fileName
      url
    }
  }
`);

class DownloadFailed extends Error {
  constructor(
    readonly status: number,
    /** The server's explanation in the page's language (e.g. every export place is taken), if it sent one. */
    readonly text: string | undefined,
  ) {
    super(`Download failed with status ${status}`);
  }
}

/** The refused download's `{ message, text }` body: `text` is meant for people. */
async function downloadFailure(response: Response): Promise<DownloadFailed> {
  const body: unknown = await response.json().catch(() => null);
  const text = typeof body === 'object' && body !== null && 'text' in body ? body.text : undefined;
  return new DownloadFailed(response.status, typeof text === 'string' ? text : undefined);
}

/** Reads the streamed file, reporting the bytes received so far. */
async function readAll(response: Response, onBytes: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onBytes(received);
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? 'text/csv' });
}

const formatSize = (bytes: number, language: string) =>
  bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024).toLocaleString(language)} kB`
    : `${(bytes / (1024 * 1024)).toLocaleString(language, { maximumFractionDigits: 1 })} MB`;

/**
 * 'Gegevens downloaden': asks GraphQL for today's export (name and path), then downloads it with the
 * admin's bearer token (a plain link could not send it) and hands it to the browser as a file.
 */
export function ExportPage() {
  const { t, language, country: siteCountry } = useI18n();
  usePageTitle(t('admin.menu.export'));
  const client = useApolloClient();
  const navigate = useNavigate();
  const [country, setCountry] = useState<Country>(siteCountry);
  const [received, setReceived] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = received !== null;

  const signOut = () => {
    clearStorage();
    navigate('/admin/login', { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setError(null);
    setReceived(0);
    try {
      const { data } = await client.query({ query: OrdersExportQuery, variables: { country }, fetchPolicy: 'network-only' });
      if (!data) throw new Error('No export');
      const { fileName, url } = data.ordersExport;
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${readToken('admin') ?? ''}`, 'accept-language': language },
        credentials: 'same-origin',
      });
      if (!response.ok) throw await downloadFailure(response);
      saveFile(await readAll(response, setReceived), fileName);
      setDone(fileName);
    } catch (caught) {
      if (caught instanceof DownloadFailed && caught.status === 401) return signOut();
      if (caught instanceof DownloadFailed && caught.text) return setError(caught.text);
      const problem = problemOf(caught, t('common.genericError'));
      if (problem.code === 'UNAUTHENTICATED') return signOut();
      setError(problem.message);
    } finally {
      setReceived(null);
    }
  };

  return (
    <section className="card">
      <AdminPageHeader title={t('admin.menu.export')} back="/admin" />
      <p>{t('admin.export.intro')}</p>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <CountrySelect value={country} onChange={setCountry} disabled={busy} />
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={busy}>
            {t('admin.export.submit')}
          </BusyButton>
        </div>
      </form>
      <Message tone="info">
        {received !== null ? t('admin.export.downloading', { size: formatSize(received, language) }) : null}
      </Message>
      <Message tone="error">{error}</Message>
      <Message tone="success">{done ? t('admin.export.done', { file: done }) : null}</Message>
    </section>
  );
}
