import { useCallback } from 'react';
import { useI18n } from '../i18n/i18n';
import { problemOf, type ServerProblem } from '../lib/errors';
import { useConsumerMutation } from './consumer-graphql';
import { graphql } from './gql';
import type { RateVisitInput, RateVisitMutation } from './gql/graphql';

const RateVisitMutation = graphql(`
  mutation RateVisit($input: RateVisitInput!) {
    rateVisit(input: $input) {
      score
      comment
      updatedAt
    }
  }
`);

export type SavedRating = RateVisitMutation['rateVisit'] | null;

/** What the form sends: the score and the comment as typed. */
export type RatingInput = Pick<RateVisitInput, 'score' | 'comment'>;

export type RatingOutcome = { ok: true; rating: NonNullable<SavedRating> } | { ok: false; problem: ServerProblem };

/** Sends a rating (first or changed); the form keeps what the server answered. */
export function useRateVisit() {
  const { t } = useI18n();
  const [mutate, { loading }] = useConsumerMutation(RateVisitMutation);
  const save = useCallback(
    async (input: RateVisitInput): Promise<RatingOutcome> => {
      try {
        const data = await mutate({ input });
        return { ok: true, rating: data.rateVisit };
      } catch (error) {
        return { ok: false, problem: problemOf(error, t('common.genericError')) };
      }
    },
    [mutate, t],
  );
  return { save, saving: loading };
}
