import { useCallback } from 'react';
import { useI18n } from '../i18n/i18n';
import { problemOf, type ServerProblem } from '../lib/errors';
import { useConsumerMutation } from './consumer-graphql';
import { graphql } from './gql';
import type { ReplyToVisitInput, ReplyToVisitMutation } from './gql/graphql';

const ReplyToVisitMutation = graphql(`
  mutation ReplyToVisit($input: ReplyToVisitInput!) {
    replyToVisit(input: $input) {
      answer
      accessNote
      updatedAt
    }
  }
`);

export type SavedReply = ReplyToVisitMutation['replyToVisit'];

export type ReplyOutcome = { ok: true; reply: SavedReply } | { ok: false; problem: ServerProblem };

/**
 * Sends a reply (answer and/or note). No cache update: the reply form keeps what the server
 * answered, and the details page reads the visits from the network each time it opens.
 */
export function useReplyToVisit() {
  const { t } = useI18n();
  const [mutate, { loading }] = useConsumerMutation(ReplyToVisitMutation);
  const save = useCallback(
    async (input: ReplyToVisitInput): Promise<ReplyOutcome> => {
      try {
        const data = await mutate({ input });
        return { ok: true, reply: data.replyToVisit };
      } catch (error) {
        return { ok: false, problem: problemOf(error, t('common.genericError')) };
      }
    },
    [mutate, t],
  );
  return { save, saving: loading };
}
