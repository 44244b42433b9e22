import { useId, useRef, useState, type FormEvent } from 'react';
import { FormField } from '../components/FormField';
import { BusyButton } from '../components/BusyButton';
import { Message } from '../components/Message';
import { useI18n } from '../i18n/i18n';
import { RATING_COMMENT_MAX_LENGTH, RATING_MAX, RATING_MIN } from '../../../shared/ratings.js';
import { useRateVisit, type RatingInput, type RatingOutcome, type SavedRating } from './useRateVisit';

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The rating of a visit of the data token, on the details page. */
export function VisitRating({ reference, rating }: { reference: string; rating: SavedRating }) {
  const { save, saving } = useRateVisit();
  return (
    <VisitRatingForm rating={rating} save={(input) => save({ referenceNumber: reference, ...input })} saving={saving} />
  );
}

/**
 * "Hoe was het bezoek?" after the visit is finished: a score of 1 to 5 as a radio group of large targets and an
 * optional comment. It can be changed for some days after the visit; the server decides until when. `save` sends
 * it: with the data token on the details page, with the rating link on its own page.
 */
export function VisitRatingForm({
  rating,
  save,
  saving,
}: {
  rating: SavedRating;
  save: (input: RatingInput) => Promise<RatingOutcome>;
  saving: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const [saved, setSaved] = useState<SavedRating>(rating);
  const [score, setScore] = useState<number | null>(rating?.score ?? null);
  const [comment, setComment] = useState(rating?.comment ?? '');
  const [errors, setErrors] = useState<{ score?: string; comment?: string }>({});
  const [notice, setNotice] = useState<Notice>(null);
  const firstScore = useRef<HTMLInputElement>(null);
  const remaining = RATING_COMMENT_MAX_LENGTH - [...comment].length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setErrors({});
    if (score === null) {
      setErrors({ score: t('consumer.rating.scoreRequired') });
      firstScore.current?.focus();
      return;
    }
    if (remaining < 0) {
      return setErrors({ comment: t('consumer.rating.commentTooLong', { max: RATING_COMMENT_MAX_LENGTH }) });
    }
    const outcome = await save({ score, comment });
    if (!outcome.ok) {
      const { fields } = outcome.problem;
      if (fields.score || fields.comment) return setErrors({ score: fields.score, comment: fields.comment });
      return setNotice({ tone: 'error', text: outcome.problem.message });
    }
    setSaved(outcome.rating);
    setScore(outcome.rating.score);
    setComment(outcome.rating.comment ?? '');
    setNotice({ tone: 'success', text: t(saved ? 'consumer.rating.changed' : 'consumer.rating.thanks') });
  };

  return (
    <form className="form visit-rating" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset
        aria-describedby={`${id}-hint${errors.score ? ` ${id}-score-error` : ''}`}
        aria-invalid={errors.score ? true : undefined}
      >
        <legend>{t('consumer.rating.title')}</legend>
        <p id={`${id}-hint`} className="field-hint">
          {t('consumer.rating.scale', { min: RATING_MIN, max: RATING_MAX })}
        </p>
        <div className="rating-scores">
          {SCORES.map((value) => (
            <label key={value} className="rating-score">
              <input
                ref={value === RATING_MIN ? firstScore : undefined}
                type="radio"
                name={`${id}-score`}
                value={value}
                checked={score === value}
                onChange={() => setScore(value)}
              />
              <span>{value}</span>
              <span className="visually-hidden">{t('consumer.rating.outOf', { max: RATING_MAX })}</span>
            </label>
          ))}
        </div>
        {errors.score && (
          <span id={`${id}-score-error`} className="field-error">
            {errors.score}
          </span>
        )}
      </fieldset>
      <FormField id={`${id}-comment`} label={t('consumer.rating.commentLabel')} error={errors.comment}>
        {(control) => (
          <>
            <textarea
              {...control}
              rows={3}
              value={comment}
              maxLength={RATING_COMMENT_MAX_LENGTH * 2}
              aria-invalid={control['aria-invalid'] ?? (remaining < 0 ? true : undefined)}
              aria-describedby={[`${id}-count`, control['aria-describedby']].filter(Boolean).join(' ')}
              onChange={(event) => setComment(event.target.value)}
            />
            {/* The count says what is left while typing; past the limit it is the error. */}
            <span id={`${id}-count`} className={remaining < 0 ? 'field-error' : 'field-hint'}>
              {remaining < 0
                ? t('consumer.rating.commentTooLong', { max: RATING_COMMENT_MAX_LENGTH })
                : t('consumer.rating.commentRemaining', { count: remaining })}
            </span>
          </>
        )}
      </FormField>
      <div className="toolbar">
        <BusyButton type="submit" className="button button-primary" busy={saving}>
          {t(saved ? 'consumer.rating.change' : 'consumer.rating.send')}
        </BusyButton>
      </div>
      <Message tone={notice?.tone ?? 'success'}>{notice?.text}</Message>
    </form>
  );
}
