import { BIDI_CONTROLS } from '../../shared/text.js';
import { RATING_COMMENT_MAX_LENGTH } from '../../shared/ratings.js';
import type { FieldProblem } from '../common/errors/app-error.js';
import { textProblemOf } from '../common/errors/input-text.plugin.js';

/** Control characters other than the line break, and the bidirectional overrides that can disguise text. */
const FORBIDDEN = new RegExp(`(?!\\n)\\p{Cc}|${BIDI_CONTROLS.source}`, 'u');

export type NormalizedComment = { ok: true; comment: string | null } | { ok: false; problem: FieldProblem };

/**
 * The typed comment as stored: well-formed Unicode only (a lone surrogate is no text), line breaks unified,
 * tabs as spaces, NFC, trimmed, at most 500 characters as people count them; empty is no comment. Stored as
 * plain text: every screen shows it as text.
 */
export function normalizeRatingComment(typed: string | null | undefined, field = 'comment'): NormalizedComment {
  if (typed === null || typed === undefined) return { ok: true, comment: null };
  // The GraphQL edge refuses these already; the rule is kept here too, so no other caller can store them.
  const textProblem = textProblemOf(typed);
  if (textProblem) return { ok: false, problem: { field, message: textProblem } };
  const text = typed.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').normalize('NFC').trim();
  if (FORBIDDEN.test(text)) return { ok: false, problem: { field, message: 'ACCESS_NOTE_CHARACTERS' } };
  if ([...text].length > RATING_COMMENT_MAX_LENGTH) {
    return { ok: false, problem: { field, message: 'FIELD_TOO_LONG', params: { max: RATING_COMMENT_MAX_LENGTH } } };
  }
  return { ok: true, comment: text === '' ? null : text };
}
