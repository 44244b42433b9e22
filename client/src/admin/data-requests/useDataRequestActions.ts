import { useMutation } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { graphql } from '../../gql';
import type { PersonalDataFormat } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { saveFile } from '../../lib/save-file';
import type { Status } from '../orders/StatusMessages';

const ExportPersonalDataMutation = graphql(`
  mutation ExportPersonalData($search: String!, $format: PersonalDataFormat!) {
    exportPersonalData(input: { search: $search, format: $format }) {
      fileName
      contentType
      content
    }
  }
`);

const ErasePersonalDataMutation = graphql(`
  mutation ErasePersonalData($search: String!) {
    erasePersonalData(input: { search: $search }) {
      request {
        id
        status
        orderCount
      }
    }
  }
`);

/**
 * The downloads and the erase of the person found; each is in the audit, which is fetched again after it. The erase
 * asks first in an in-page dialog, and is not offered while a visit is planned (the server refuses it too).
 */
export function useDataRequestActions(
  search: string,
  onStatus: (status: Status) => void,
  onErased: (text: string) => void,
): {
  download: (format: PersonalDataFormat) => Promise<void>;
  erase: (orders: number, planned: number) => Promise<void>;
  busy: boolean;
  confirmDialog: ReactNode;
} {
  const { t } = useI18n();
  const [confirm, confirmDialog] = useConfirm();
  const refetchQueries = ['DataRequestAudit'];
  const [exportData, exporting] = useMutation(ExportPersonalDataMutation, { refetchQueries });
  const [eraseData, erasing] = useMutation(ErasePersonalDataMutation, { refetchQueries });
  const failed = (error: unknown) =>
    onStatus({ tone: 'error', text: problemOf(error, t('common.genericError')).message });

  const download = async (format: PersonalDataFormat) => {
    onStatus(null);
    try {
      const { data } = await exportData({ variables: { search, format } });
      if (!data) throw new Error('No download');
      const file = data.exportPersonalData;
      saveFile(new Blob([file.content], { type: file.contentType }), file.fileName);
      onStatus({ tone: 'success', text: t('admin.dataRequests.downloaded', { file: file.fileName }) });
    } catch (error) {
      failed(error);
    }
  };

  const erase = async (orders: number, planned: number) => {
    onStatus(null);
    if (planned > 0) {
      onStatus({ tone: 'error', text: t('admin.dataRequests.plannedFirst', { count: planned }) });
      return;
    }
    const sure = await confirm({
      title: t('admin.dataRequests.eraseTitle', { count: orders }),
      body: t('admin.dataRequests.eraseBody'),
      confirmLabel: t('admin.dataRequests.erase'),
      tone: 'danger',
    });
    if (!sure) return;
    try {
      const { data } = await eraseData({ variables: { search } });
      const request = data?.erasePersonalData.request;
      if (!request) throw new Error('No erase');
      if (request.status === 'PENDING') onStatus({ tone: 'success', text: t('admin.dataRequests.pending') });
      else onErased(t('admin.dataRequests.erased', { count: request.orderCount }));
    } catch (error) {
      failed(error);
    }
  };

  return { download, erase, busy: exporting.loading || erasing.loading, confirmDialog };
}
