/** Rules for free text that the server enforces and the screens apply before sending. No imports. */

/** An e-mail address: something, an @, a domain with a dot; nothing stricter holds for every real address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest e-mail address SMTP allows. */
export const EMAIL_MAX_LENGTH = 254;

/** Tabs, line breaks, NUL and other control characters: never part of a name or address (and NUL cannot be stored). */
export const CONTROL_CHARACTERS = /\p{Cc}/u;

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
