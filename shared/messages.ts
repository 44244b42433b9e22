/**
 * Rules for the consumer messages' settings, on the server and on the admin's screen (docs/rules.md,
 * Consumer messages). No imports.
 */

/**
 * The sender name opens every SMS and names the sender of every mail: short enough to read on a phone's
 * lock screen, and made of characters that every mail program and SMS alphabet shows as themselves.
 */
export const SENDER_NAME_MAX_LENGTH = 40;

/** Letters, digits and spaces, with `. , & ' -` inside: nothing that ends a mail header or opens markup. */
export const SENDER_NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} .,&'-]*[\p{L}\p{N}.])?$/u;
