/** Rules for free text that the server enforces and the screens apply before sending. No imports. */

/** The longest e-mail address SMTP allows. */
export const EMAIL_MAX_LENGTH = 254;
/** The longest local part (before the `@`) SMTP allows. */
const EMAIL_LOCAL_MAX_LENGTH = 64;

/**
 * A character of the local part: letters and digits of any script, and the punctuation RFC 5322 allows in an atom
 * but `!` and `%` (old source routing, which some relays still follow to another host). Never `,` `;` `<` `>` `"`
 * `(` `)` `:` `@` `\\`, whitespace or a control character: with those, a mail library reads the text as a list, a
 * display name with another address, or a comment, and the mail goes somewhere else than the address shown.
 */
const LOCAL_ATOM = "[\\p{L}\\p{M}\\p{N}#$&'*+/=?^_`{|}~-]+";
/** A domain label: letters and digits of any script, hyphens inside. */
const DOMAIN_LABEL = '[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?';
const PLAIN_EMAIL = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`, 'u');

/**
 * One plain e-mail address, `local@domain` and nothing else (docs/rules.md, E-mail addresses): no display name, no
 * list, no quotes or comments, a domain with a dot, within SMTP's lengths. What is stored is exactly where a mail
 * goes: the log, the unsubscribe and the masked address on the page all name the one mailbox that receives it.
 */
export function isPlainEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  return text.length <= EMAIL_MAX_LENGTH && at >= 1 && at <= EMAIL_LOCAL_MAX_LENGTH && PLAIN_EMAIL.test(text);
}

/** Tabs, line breaks, NUL and other control characters: never part of a name or address (and NUL cannot be stored). */
export const CONTROL_CHARACTERS = /\p{Cc}/u;

/**
 * The bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069): they make text show in
 * another order than it is stored (a name that reads as someone else's, a comment that hides what it says). The one
 * home of the rule for names and for the free text people type (comments, notes).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/** A person's name as typed: no control character (one line) and no bidirectional control. */
export function hasForbiddenNameCharacters(name: string): boolean {
  return CONTROL_CHARACTERS.test(name) || BIDI_CONTROLS.test(name);
}

const MARKUP_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const MARKUP_CHARACTERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MARKUP_ENTITIES).map(([character, entity]) => [entity, character]),
);

/**
 * The five characters that can open markup or leave an attribute, as entities: text stored this way
 * shows as itself in any HTML page, even one that forgets to escape, and can never become an element
 * or attribute.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => MARKUP_ENTITIES[character]);
}

/** The reverse of `escapeMarkup`, for screens that render text themselves (React escapes it again). */
export function unescapeMarkup(escaped: string): string {
  return escaped.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => MARKUP_CHARACTERS[entity]);
}
