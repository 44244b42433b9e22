import { useMutation } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { holidayName } from './holiday-text';

const DeleteHolidayMutation = graphql(`
  mutation DeleteHoliday($id: Int!) {
    deleteHoliday(id: $id) {
      id
      country
      date
    }
  }
`);

export interface HolidayStatus {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Deletes a holiday after an in-page confirmation; owns the cache update and the resulting message. Render
 * `confirmDialog` once in the page.
 */
export function useDeleteHoliday(): {
  deleteHoliday: (holiday: { id: number; date: string; country: string }) => Promise<boolean>;
  deleting: boolean;
  status: HolidayStatus | null;
  confirmDialog: ReactNode;
} {
  const { t } = useI18n();
  const [confirm, confirmDialog] = useConfirm();
  const [status, setStatus] = useState<HolidayStatus | null>(null);
  const [mutate, { loading }] = useMutation(DeleteHolidayMutation, {
    update(cache, { data }) {
      if (!data) return;
      cache.evict({ id: cache.identify({ __typename: 'Holiday', id: data.deleteHoliday.id }) });
      cache.gc();
    },
  });

  /** Answers true when the holiday was deleted. */
  const deleteHoliday = async (holiday: { id: number; date: string; country: string }): Promise<boolean> => {
    const name = holidayName(holiday);
    const sure = await confirm({
      title: t('admin.confirmDeleteTitle', { name }),
      body: t('admin.confirmDeleteBody'),
      confirmLabel: t('common.delete'),
      tone: 'danger',
    });
    if (!sure) return false;
    try {
      await mutate({ variables: { id: holiday.id } });
      setStatus({ tone: 'success', text: t('admin.holidays.deleted', { name }) });
      return true;
    } catch (error) {
      setStatus({ tone: 'error', text: problemOf(error, t('common.genericError')).message });
      return false;
    }
  };

  return { deleteHoliday, deleting: loading, status, confirmDialog };
}
