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

/**
 * The local time the morning SMS of the visit day goes, per country: early enough to plan the day around, late enough
 * not to wake anyone. "HH:MM", 24 hours.
 */
export const MORNING_SMS_DEFAULT = '07:30';
export const MORNING_SMS_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
