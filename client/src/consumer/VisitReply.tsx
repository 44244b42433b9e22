import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../components/FormField';
import { BusyButton } from '../components/BusyButton';
import { Message } from '../components/Message';
import type { VisitAnswer } from './gql/graphql';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { ACCESS_NOTE_MAX_LENGTH } from '../../../shared/replies.js';
import { unescapeMarkup } from '../../../shared/text.js';
import { useReplyToVisit, type SavedReply } from './useReplyToVisit';

const ANSWERS: { value: VisitAnswer; label: MessageKey }[] = [
  { value: 'AT_HOME', label: 'reply.answer.AT_HOME' },
  { value: 'CALL_ME', label: 'reply.answer.CALL_ME' },
];

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The consumer's reply to one visit: one tap for "I am home" / "I cannot, call me", and an access
 * note for the technician. Both can change until the visit starts; the server decides when that is.
 */
export function VisitReply({
  reference,
  reply,
  proposed = null,
  onSaved,
}: {
  reference: string;
  reply: SavedReply;
  /** The answer a reply link chose, shown for the consumer to confirm; opening a link never sends it. */
  proposed?: VisitAnswer | null;
  /** Told each reply the server saved, for what the page says around the form. */
  onSaved?: (reply: SavedReply) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const { save, saving } = useReplyToVisit();
  const [answer, setAnswer] = useState<VisitAnswer | null>(reply?.answer ?? null);
  const [proposal, setProposal] = useState<VisitAnswer | null>(proposed !== reply?.answer ? proposed : null);
  const [savedNote, setSavedNote] = useState(reply?.accessNote ? unescapeMarkup(reply.accessNote) : '');
  const [note, setNote] = useState(savedNote);
  const [noteError, setNoteError] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const remaining = ACCESS_NOTE_MAX_LENGTH - [...note].length;

  const applySaved = (saved: SavedReply) => {
    onSaved?.(saved);
    setAnswer(saved?.answer ?? null);
    const text = saved?.accessNote ? unescapeMarkup(saved.accessNote) : '';
    setSavedNote(text);
    setNote(text);
  };

  const savedText = (value: VisitAnswer) =>
    t(value === 'AT_HOME' ? 'consumer.reply.savedAtHome' : 'consumer.reply.savedCallMe');

  const choose = async (value: VisitAnswer) => {
    setNotice(null);
    // Tapping the chosen answer again changes nothing: say so without spending the reply limit.
    if (value === answer) {
      setProposal(null);
      return setNotice({ tone: 'success', text: savedText(value) });
    }
    const outcome = await save({ referenceNumber: reference, answer: value });
    if (!outcome.ok) return setNotice({ tone: 'error', text: outcome.problem.message });
    setProposal(null);
    applySaved(outcome.reply);
    setNotice({ tone: 'success', text: savedText(value) });
  };

  const saveNote = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setNoteError('');
    // Saving the note as it is changes nothing: say so without spending the reply limit.
    if (note === savedNote) {
      if (note.trim() !== '') setNotice({ tone: 'success', text: t('consumer.reply.noteSaved') });
      return;
    }
    const outcome = await save({ referenceNumber: reference, accessNote: note });
    if (!outcome.ok) {
      if (outcome.problem.fields.accessNote) return setNoteError(outcome.problem.fields.accessNote);
      return setNotice({ tone: 'error', text: outcome.problem.message });
    }
    applySaved(outcome.reply);
    setNotice({
      tone: 'success',
      text: t(note.trim() === '' ? 'consumer.reply.noteRemoved' : 'consumer.reply.noteSaved'),
    });
  };

  return (
    // Not a landmark: with several visits there would be several "Are you home?" regions of the same name.
    <div className="visit-reply">
      <h3 id={`${id}-title`}>{t('consumer.reply.title')}</h3>
      {/* The message's choice is confirmed with its own answer button: one button per answer, marked below. */}
      {proposal && (
        <p id={`${id}-proposal`} className="visit-proposal">
          {t('consumer.reply.proposed', { answer: t(`reply.answer.${proposal}`) })}
        </p>
      )}
      <div className="visit-answers" role="group" aria-labelledby={`${id}-title`}>
        {ANSWERS.map((option) => (
          <BusyButton
            key={option.value}
            className={
              answer === option.value
                ? 'button button-primary'
                : proposal === option.value
                  ? 'button button-secondary visit-answer-proposed'
                  : 'button button-secondary'
            }
            aria-pressed={answer === option.value}
            aria-describedby={proposal === option.value ? `${id}-proposal` : undefined}
            busy={saving}
            onClick={() => void choose(option.value)}
          >
            {t(option.label)}
          </BusyButton>
        ))}
      </div>
      <form className="form visit-note" onSubmit={(event) => void saveNote(event)} noValidate>
        <FormField
          id={`${id}-note`}
          label={t('consumer.reply.noteLabel')}
          hint={t('consumer.reply.noteHint')}
          error={noteError}
        >
          {(control) => (
            <>
              <textarea
                {...control}
                rows={3}
                value={note}
                maxLength={ACCESS_NOTE_MAX_LENGTH * 2}
                aria-invalid={control['aria-invalid'] ?? (remaining < 0 ? true : undefined)}
                aria-describedby={[control['aria-describedby'], `${id}-count`].filter(Boolean).join(' ')}
                onChange={(event) => setNote(event.target.value)}
              />
              {/* The count says what is left while typing; past the limit it is the error. */}
              <span id={`${id}-count`} className={remaining < 0 ? 'field-error' : 'field-hint'}>
                {remaining < 0
                  ? t('consumer.reply.noteTooLong', { max: ACCESS_NOTE_MAX_LENGTH })
                  : t('consumer.reply.noteRemaining', { count: remaining })}
              </span>
            </>
          )}
        </FormField>
        <div className="toolbar">
          <BusyButton type="submit" className="button button-secondary" busy={saving} disabled={remaining < 0}>
            {t('consumer.reply.saveNote')}
          </BusyButton>
        </div>
      </form>
      <Message tone={notice?.tone ?? 'success'}>{notice?.text}</Message>
    </div>
  );
}
