import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../gql';
import type { CallStatus } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { CALL_STATUS_LABELS } from '../orders/history-text';

const SetCallStatusMutation = graphql(`
  mutation SetCallStatus($input: SetCallStatusInput!) {
    setCallStatus(input: $input) {
      id
      ...CallStatusCell_order
    }
  }
`);

/**
 * Records the outcome of a call from the call list. The answer updates the row in the cache; the list is read
 * again before the promise settles, so its counts and order (done rows last) are the server's when it resolves.
 */
export function useSetCallStatus() {
  const { t } = useI18n();
  const [mutate, { loading }] = useMutation(SetCallStatusMutation, {
    refetchQueries: ['CallListPage'],
    awaitRefetchQueries: true,
  });
  const [problem, setProblem] = useState<ServerProblem | null>(null);

  /** Answers the text to announce, or null when it failed (the problem is then in `problem`). */
  const setCallStatus = async (
    order: { id: number; name: string },
    status: CallStatus | null,
    note: string,
  ): Promise<string | null> => {
    setProblem(null);
    try {
      await mutate({
        variables: { input: { orderId: order.id, status, note: status === null || note.trim() === '' ? null : note } },
      });
      return status === null
        ? t('admin.callList.cleared', { name: order.name })
        : t('admin.callList.saved', { status: t(CALL_STATUS_LABELS[status]), name: order.name });
    } catch (error) {
      setProblem(problemOf(error, t('common.genericError')));
      return null;
    }
  };

  return { setCallStatus, saving: loading, problem };
}
