/** Rules for a consumer's reply to a visit, on the server and on the consumer's page. No imports. */

/** Floor, bell, parking: a few lines, never an essay. Counted in characters as people count them. */
export const ACCESS_NOTE_MAX_LENGTH = 300;
