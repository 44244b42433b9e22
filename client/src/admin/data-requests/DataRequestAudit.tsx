import { useMutation, useQuery } from '@apollo/client/react';
import { BusyButton } from '../../components/BusyButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import type { DataRequestKind } from '../../gql/graphql';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import type { Status } from '../orders/StatusMessages';

const DataRequestAuditQuery = graphql(`
  query DataRequestAudit {
    dataRequests(first: 50) {
      id
      kind
      status
      requestedAt
      requestedByName
      confirmedByName
      orderCount
      rowCount
    }
  }
`);

const ConfirmDataErasureMutation = graphql(`
  mutation ConfirmDataErasure($id: Int!) {
    confirmDataErasure(id: $id) {
      request {
        id
        status
        confirmedByName
        orderCount
        rowCount
      }
    }
  }
`);

const KIND_LABELS: Record<DataRequestKind, MessageKey> = {
  EXPORT: 'admin.dataRequests.kind.EXPORT',
  ERASE: 'admin.dataRequests.kind.ERASE',
  RETENTION: 'admin.dataRequests.kind.RETENTION',
};

/** The audit of data requests, newest first: who, when, what kind and how many; a pending erase can be confirmed. */
export function DataRequestAudit({ onStatus }: { onStatus: (status: Status) => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { data, error } = useQuery(DataRequestAuditQuery, { fetchPolicy: 'cache-and-network' });
  const [confirm, confirmDialog] = useConfirm();
  const [confirmErasure, { loading }] = useMutation(ConfirmDataErasureMutation, {
    refetchQueries: ['DataRequestAudit'],
  });
  const requests = data?.dataRequests ?? [];
  const when = (at: string) => `${formatDayMonthYear(new Date(at), i18n)} ${formatTime(new Date(at), i18n)}`;

  const confirmOne = async (request: (typeof requests)[number]) => {
    onStatus(null);
    const sure = await confirm({
      title: t('admin.dataRequests.confirmTitle', { count: request.orderCount }),
      body: t('admin.dataRequests.eraseBody'),
      confirmLabel: t('admin.dataRequests.confirm'),
      tone: 'danger',
    });
    if (!sure) return;
    try {
      const result = await confirmErasure({ variables: { id: request.id } });
      const count = result.data?.confirmDataErasure.request.orderCount ?? 0;
      onStatus({ tone: 'success', text: t('admin.dataRequests.confirmed', { count }) });
    } catch (caught) {
      onStatus({ tone: 'error', text: problemOf(caught, t('common.genericError')).message });
    }
  };

  return (
    <section className="card" aria-labelledby="data-audit">
      <h2 id="data-audit">{t('admin.dataRequests.audit')}</h2>
      {confirmDialog}
      <Message tone="error">{error ? problemOf(error, t('common.genericError')).message : undefined}</Message>
      {requests.length === 0 ? (
        <p className="muted">{t('admin.dataRequests.auditEmpty')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.dataRequests.when')}</th>
                <th scope="col">{t('admin.dataRequests.kind')}</th>
                <th scope="col">{t('admin.dataRequests.by')}</th>
                <th scope="col">{t('admin.dataRequests.counts')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={request.id}>
                  <td>{when(request.requestedAt)}</td>
                  <td>{t(KIND_LABELS[request.kind])}</td>
                  <td>
                    {request.requestedByName ?? t('admin.dataRequests.retention')}
                    {request.confirmedByName
                      ? `, ${t('admin.dataRequests.confirmedBy', { name: request.confirmedByName })}`
                      : null}
                    {request.status === 'PENDING' && (
                      <>
                        {`, ${t('admin.dataRequests.waiting')} `}
                        <BusyButton
                          className="button button-danger"
                          busy={loading}
                          aria-label={t('admin.dataRequests.confirmLabel', {
                            name: request.requestedByName ?? '',
                            when: when(request.requestedAt),
                          })}
                          onClick={() => void confirmOne(request)}
                        >
                          {t('admin.dataRequests.confirm')}
                        </BusyButton>
                      </>
                    )}
                  </td>
                  <td>{t('admin.dataRequests.countsValue', { orders: request.orderCount, rows: request.rowCount })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
