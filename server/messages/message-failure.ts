import { registerEnumType } from 'type-graphql';

/**
 * Why a message was not (yet) handed over, as a code the admin's screen explains in words; the provider's own text
 * is kept beside it as the technical detail. Decided from what the transports really return: nodemailer's `code`,
 * `responseCode` and `command` for mail, Twilio's REST error `code` and HTTP `status` for SMS.
 */
export enum MessageFailureCode {
  SMTP_RECIPIENT_REFUSED = 'SMTP_RECIPIENT_REFUSED',
  SMTP_RECIPIENT_DEFERRED = 'SMTP_RECIPIENT_DEFERRED',
  SMTP_MESSAGE_REFUSED = 'SMTP_MESSAGE_REFUSED',
  SMTP_UNREACHABLE = 'SMTP_UNREACHABLE',
  SMTP_AUTH_FAILED = 'SMTP_AUTH_FAILED',
  SMTP_ERROR = 'SMTP_ERROR',
  SMS_INVALID_NUMBER = 'SMS_INVALID_NUMBER',
  SMS_RECIPIENT_BLOCKED = 'SMS_RECIPIENT_BLOCKED',
  SMS_AUTH_FAILED = 'SMS_AUTH_FAILED',
  SMS_UNREACHABLE = 'SMS_UNREACHABLE',
  SMS_PROVIDER_ERROR = 'SMS_PROVIDER_ERROR',
  SKIPPED_MESSAGES_OFF = 'SKIPPED_MESSAGES_OFF',
  SKIPPED_ADDRESS_REMOVED = 'SKIPPED_ADDRESS_REMOVED',
  SKIPPED_UNSUBSCRIBED = 'SKIPPED_UNSUBSCRIBED',
  SKIPPED_NOT_ON_THE_WAY = 'SKIPPED_NOT_ON_THE_WAY',
  SKIPPED_VISIT_CHANGED = 'SKIPPED_VISIT_CHANGED',
  UNKNOWN = 'UNKNOWN',
}

/** What each code means, for integrators (the schema); the admin's screen has its own texts in Dutch and French. */
const FAILURE_DESCRIPTIONS: Record<MessageFailureCode, string> = {
  SMTP_RECIPIENT_REFUSED: "The recipient's mail server refused the address for good (5xx to RCPT TO).",
  SMTP_RECIPIENT_DEFERRED: "The recipient's mail server refused the address for now (4xx to RCPT TO).",
  SMTP_MESSAGE_REFUSED: 'The mail server refused the mail itself (after DATA).',
  SMTP_UNREACHABLE: 'Our mail server (SMTP_URL) could not be reached.',
  SMTP_AUTH_FAILED: 'Our mail server refused the sign-in of SMTP_URL.',
  SMTP_ERROR: 'Another answer of the mail server.',
  SMS_INVALID_NUMBER: 'The SMS provider finds the number invalid or not a mobile number.',
  SMS_RECIPIENT_BLOCKED: 'The number cannot get our texts (it sent STOP, or cannot receive SMS).',
  SMS_AUTH_FAILED: "The SMS provider refused the account's credentials.",
  SMS_UNREACHABLE: 'The SMS provider could not be reached.',
  SMS_PROVIDER_ERROR: 'Another refusal of the SMS provider.',
  SKIPPED_MESSAGES_OFF: 'Not sent: messages or the channel are switched off for the country.',
  SKIPPED_ADDRESS_REMOVED: 'Not sent: the address was removed after the visit.',
  SKIPPED_UNSUBSCRIBED: 'Not sent: the address unsubscribed.',
  SKIPPED_NOT_ON_THE_WAY: 'Not sent: the technician was no longer on the way.',
  SKIPPED_VISIT_CHANGED:
    'Not sent: the thank-you no longer fits (the order was deleted, the visit is no longer finished or open for a rating, was rated already, or a partner made it).',
  UNKNOWN: 'Another reason, or one stored before there were codes.',
};

registerEnumType(MessageFailureCode, {
  name: 'MessageFailureCode',
  description: "Why a consumer message failed or was skipped; `failureReason` keeps the provider's own words.",
  valuesConfig: Object.fromEntries(
    Object.values(MessageFailureCode).map((code) => [code, { description: FAILURE_DESCRIPTIONS[code] }]),
  ),
});

/**
 * Failures that another try cannot mend: the message is marked failed at once instead of being tried again for
 * hours. A refusal for now (4xx), an unreachable server or a provider's hiccup is tried again.
 */
export const FINAL_FAILURES: ReadonlySet<MessageFailureCode> = new Set([
  MessageFailureCode.SMTP_RECIPIENT_REFUSED,
  MessageFailureCode.SMS_INVALID_NUMBER,
  MessageFailureCode.SMS_RECIPIENT_BLOCKED,
]);

/** Node's and the HTTP client's codes of a connection that did not come about or broke off. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/** nodemailer's codes of a connection to the mail server that failed. */
const SMTP_CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'ECONNREFUSED']);
const TWILIO_INVALID_NUMBER = new Set([21211, 21217, 21401, 21614]);
const TWILIO_BLOCKED = new Set([21610, 21612]);
const TWILIO_AUTHENTICATE = 20003;

interface TransportError {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  status?: unknown;
  message?: unknown;
}

const fieldsOf = (error: unknown): TransportError => (typeof error === 'object' && error !== null ? error : {});

function mailFailure(error: TransportError): MessageFailureCode {
  const responseCode = typeof error.responseCode === 'number' ? error.responseCode : null;
  if (error.code === 'EAUTH') return MessageFailureCode.SMTP_AUTH_FAILED;
  if (error.code === 'EENVELOPE' || error.command === 'RCPT TO') {
    if (responseCode !== null && responseCode >= 400 && responseCode < 500) {
      return MessageFailureCode.SMTP_RECIPIENT_DEFERRED;
    }
    return MessageFailureCode.SMTP_RECIPIENT_REFUSED;
  }
  if (error.code === 'EMESSAGE' || error.command === 'DATA') return MessageFailureCode.SMTP_MESSAGE_REFUSED;
  if (typeof error.code === 'string' && (SMTP_CONNECTION_CODES.has(error.code) || NETWORK_CODES.has(error.code))) {
    return MessageFailureCode.SMTP_UNREACHABLE;
  }
  if (error.command === 'CONN') return MessageFailureCode.SMTP_UNREACHABLE;
  return responseCode !== null ? MessageFailureCode.SMTP_ERROR : MessageFailureCode.UNKNOWN;
}

function smsFailure(error: TransportError): MessageFailureCode {
  const status = typeof error.status === 'number' ? error.status : null;
  if (status === null) {
    // No HTTP answer at all: the provider was not reached.
    if (typeof error.code === 'string' && NETWORK_CODES.has(error.code)) return MessageFailureCode.SMS_UNREACHABLE;
    return MessageFailureCode.UNKNOWN;
  }
  const code = typeof error.code === 'number' ? error.code : null;
  if (code !== null && TWILIO_INVALID_NUMBER.has(code)) return MessageFailureCode.SMS_INVALID_NUMBER;
  if (code !== null && TWILIO_BLOCKED.has(code)) return MessageFailureCode.SMS_RECIPIENT_BLOCKED;
  if (code === TWILIO_AUTHENTICATE || status === 401 || status === 403) return MessageFailureCode.SMS_AUTH_FAILED;
  return MessageFailureCode.SMS_PROVIDER_ERROR;
}

/** The longest technical detail kept. */
const DETAIL_LENGTH = 500;
const EMAIL_ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g;
/** A phone number: eight digits or more, with spaces, dashes or slashes between them (dots are left to IP addresses). */
const PHONE_NUMBER = /\+?\d(?:[\s/-]?\d){7,}/g;

/**
 * The transport's own words, for whoever fixes the address or calls the provider, without personal data: the
 * recipient (and any other address or number the provider echoed) is replaced, since the detail is kept in the
 * message log and the job queue's history longer than the address.
 */
export function failureDetail(error: unknown, recipient: string): string {
  const fields = fieldsOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof fields.code === 'string' || typeof fields.code === 'number' ? String(fields.code) : null;
  const parts = [code, typeof fields.command === 'string' ? fields.command : null].filter((part) => part !== null);
  const text = parts.length > 0 ? `${parts.join(' ')}: ${message}` : message;
  return text
    .split(recipient)
    .join('<recipient>')
    .replace(EMAIL_ADDRESS, '<address>')
    .replace(PHONE_NUMBER, '<number>')
    .slice(0, DETAIL_LENGTH);
}

/** Why a try on a transport failed, as a code and the detail without personal data. */
export function classifyFailure(
  transport: 'mail' | 'sms',
  error: unknown,
  recipient: string,
): { code: MessageFailureCode; detail: string } {
  const fields = fieldsOf(error);
  const code = transport === 'mail' ? mailFailure(fields) : smsFailure(fields);
  return { code, detail: failureDetail(error, recipient) };
}
