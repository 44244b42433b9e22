/** Rules for the call list's call statuses, on the server and on the dispatcher's screen. No imports. */

/** What came of a call to the customer, in the order the screen offers them. */
export const CALL_STATUSES = ['REACHED', 'NO_ANSWER', 'VOICEMAIL', 'WRONG_NUMBER'] as const;

export type CallStatusValue = (typeof CALL_STATUSES)[number];

/**
 * Calls that need no second try: the customer heard the window, or the number cannot reach them. Their rows
 * move to the end of the list; no answer and voicemail stay among the calls still to make.
 */
export const DONE_CALL_STATUSES: readonly CallStatusValue[] = ['REACHED', 'WRONG_NUMBER'];

/** "Belt na 18:00 terug": one line of what was said, not a report. Counted as people count characters. */
export const CALL_NOTE_MAX_LENGTH = 300;
