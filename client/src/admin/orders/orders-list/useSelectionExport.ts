import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../../gql';
import type { OrderFilterInput } from '../../../gql/graphql';
import { useI18n } from '../../../i18n/i18n';
import { problemOf } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { readToken } from '../../../lib/storage';

const OrdersSelectionExportQuery = graphql(`
  query OrdersSelectionExport($filter: OrderFilterInput!) {
    ordersSelectionExport(filter: $filter) {
      fileName
      url
      orders
    }
  }
`);

export type SelectionExportOutcome = { tone: 'success' | 'error'; text: string } | null;

/** The refused download's `{ message, text }` body: `text` is meant for people. */
async function refusalText(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => null);
  const text = typeof body === 'object' && body !== null && 'text' in body ? body.text : undefined;
  return typeof text === 'string' ? text : undefined;
}

/**
 * "Exporteer deze selectie": asks the server for the download of exactly the list's filter (it refuses what the list
 * refuses, and a selection too large for one file), then downloads it with the admin's bearer token and hands it to
 * the browser as a file.
 */
export function useSelectionExport() {
  const { t, language } = useI18n();
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SelectionExportOutcome>(null);

  const run = async (filter: OrderFilterInput) => {
    setBusy(true);
    setOutcome(null);
    try {
      const { data } = await client.query({
        query: OrdersSelectionExportQuery,
        variables: { filter },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('No export');
      const { fileName, url, orders } = data.ordersSelectionExport;
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${readToken('admin') ?? ''}`, 'accept-language': language },
        credentials: 'same-origin',
      });
      if (!response.ok) {
        setOutcome({ tone: 'error', text: (await refusalText(response)) ?? t('common.genericError') });
        return;
      }
      saveFile(await response.blob(), fileName);
      setOutcome({ tone: 'success', text: t('admin.ordersList.exported', { file: fileName, count: orders }) });
    } catch (caught) {
      setOutcome({ tone: 'error', text: problemOf(caught, t('common.genericError')).message });
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, outcome };
}
