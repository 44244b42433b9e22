import { ACCESS_NOTE_MAX_LENGTH } from '../../shared/replies.js';
import { BIDI_CONTROLS, escapeMarkup } from '../../shared/text.js';
import type { FieldProblem } from '../common/errors/app-error.js';

/** Control characters other than the line break, and the bidirectional overrides that can disguise text. */
const FORBIDDEN = new RegExp(`(?!\\n)\\p{Cc}|${BIDI_CONTROLS.source}`, 'u');

export type NormalizedNote = { ok: true; note: string | null } | { ok: false; problem: FieldProblem };

/**
 * What the consumer typed, as the note to store: line breaks unified, tabs as spaces, trimmed, in
 * NFC, at most 300 characters (counted as people count them, before escaping), then escaped.
 * An empty note clears it (null).
 */
export function normalizeAccessNote(typed: string, field = 'accessNote'): NormalizedNote {
  const text = typed.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').normalize('NFC').trim();
  if (FORBIDDEN.test(text)) return { ok: false, problem: { field, message: 'ACCESS_NOTE_CHARACTERS' } };
  if ([...text].length > ACCESS_NOTE_MAX_LENGTH) {
    return { ok: false, problem: { field, message: 'FIELD_TOO_LONG', params: { max: ACCESS_NOTE_MAX_LENGTH } } };
  }
  return { ok: true, note: text === '' ? null : escapeMarkup(text) };
}
