import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql';
import type { ConfirmScheduleInput } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import type { PlannerSchedule } from './planner-schedule';

const ConfirmScheduleMutation = graphql(`
  mutation ConfirmSchedule($input: ConfirmScheduleInput!) {
    confirmSchedule(input: $input) {
      schedule {
        ...Planner_schedule
      }
    }
  }
`);

export type ConfirmOutcome =
  { ok: true; schedule: PlannerSchedule; message: string } | { ok: false; code: string; message: string };

/**
 * Confirms the day and says what happened in the technician's language. No cache update: the
 * planner query always reads from the network, and the planner takes the confirmed day from here.
 */
export function useConfirmSchedule() {
  const { t } = useI18n();
  const [mutate, { loading }] = useMutation(ConfirmScheduleMutation);
  const confirm = useCallback(
    async (input: ConfirmScheduleInput): Promise<ConfirmOutcome> => {
      const failed = (error: unknown): ConfirmOutcome => {
        const problem = problemOf(error, t('common.genericError'));
        return { ok: false, code: problem.code, message: problem.message };
      };
      try {
        const { data, error } = await mutate({ variables: { input } });
        if (error || !data) return failed(error);
        return { ok: true, schedule: data.confirmSchedule.schedule, message: t('technician.manage.confirmed') };
      } catch (error) {
        return failed(error);
      }
    },
    [mutate, t],
  );
  return { confirm, confirming: loading };
}
