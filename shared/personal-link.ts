/**
 * The personal link in consumer messages, as the server writes it and the consumer's page reads it:
 * `/v/<token>`, `/v/<token>?antwoord=thuis|bellen` (the page with that answer chosen, confirmed on the page),
 * `/v/<token>?antwoord=verzetten` (the page with the move's offers open) and
 * `/v/<token>/afmelden` (stop the messages), `/v/<token>/werkbon` (the work report). No imports.
 */
export const PERSONAL_LINK_PATH = '/v';
/** The rating link of a thank-you message, `/b/<token>` ("beoordelen"): short, as it goes in a text message too. */
export const RATING_LINK_PATH = '/b';
export const UNSUBSCRIBE_SEGMENT = 'afmelden';
/** `/v/<token>/werkbon`: the work report of the finished visit, for some days after the visit day. */
export const REPORT_SEGMENT = 'werkbon';
/** Query parameter of the reply links; its values name the answer the page preselects. */
export const REPLY_PARAMETER = 'antwoord';
export const REPLY_VALUES = { AT_HOME: 'thuis', CALL_ME: 'bellen' } as const;
/** `?antwoord=verzetten`: the page opens with the days and windows the visit can move to (reading them changes nothing). */
export const MOVE_VALUE = 'verzetten';
/** RFC 8058: the body a mail provider POSTs to the List-Unsubscribe address when the user clicks "unsubscribe". */
export const ONE_CLICK_UNSUBSCRIBE_BODY = 'List-Unsubscribe=One-Click';
