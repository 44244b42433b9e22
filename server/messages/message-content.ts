import { translate, type MessageKey } from '../common/i18n/translate.js';
import { TIME_ZONE, type Country, type Language } from '../common/locale.js';
import { layoutMail } from '../common/mail/mail-layout.js';
import type { MailMessage } from '../common/mail/mailer.js';
import { clockOf, formatClock } from '../../shared/clock-time.js';
import { CALL_CENTRE_HOURS } from '../../shared/hours.js';
import type { PersonalLinkUrls } from '../consumer-links/personal-link.js';
import { CALL_CENTRE } from '../consumers/contact-details.js';
import { MessageKind, WINDOW_KINDS } from './consumer-message.entity.js';
import type { VisitReportContent } from '../visit-records/index.js';
import type { ThankedOutcome } from './thank-you.js';

/** Everything a message says, gathered by the sender. */
export interface MessageFacts {
  kind: MessageKind;
  country: Country;
  language: Language;
  senderName: string;
  /** MAIL_FROM: its address is kept, its name becomes the country's sender name. */
  mailFrom: string;
  recipient: string;
  customerName: string;
  reference: string;
  windowStart: Date;
  /** 0: the day only (its window is shown from `shownFrom`). */
  windowSeconds: number;
  /** When the window of the new day is shown (moved to a day not published yet). */
  shownFrom: Date | null;
  links: PersonalLinkUrls;
  pixelUrl: string;
  /** "On the way": the technician's own estimate of the arrival; running late: the arrival now expected. */
  expectedArrival: Date | null;
  /** "On the way" and running late: the technician's first name (never the surname). */
  technicianName: string | null;
  /**
   * A visit a partner makes: the partner's name (null when the order names none we know) and phone number. Its window
   * kinds then say who contacts the consumer, never our window or our technician's call ahead.
   */
  partner?: { name: string | null; phone: string | null } | null;
  /** The morning SMS only: when to expect the technician today (server/messages/visit-day-time.ts). */
  visitDayTime?: string;
  /** The thank-you only: the rating link, until when it rates, and how the visit ended. */
  thanks?: { ratingUrl: string; ratingOpenUntil: Date; outcome: ThankedOutcome };
  /** The work report only: what the record says, how the visit ended, and until when the report's link opens it. */
  report?: { content: VisitReportContent; outcome: ThankedOutcome; openUntil: Date };
}

const clock = (instant: Date, facts: Pick<MessageFacts, 'country' | 'language'>): string =>
  clockOf(instant, TIME_ZONE[facts.country], facts.language);

const callCentreHours = (facts: MessageFacts) => ({
  opens: formatClock(CALL_CENTRE_HOURS.opens, facts.language),
  closes: formatClock(CALL_CENTRE_HOURS.closes, facts.language),
});

/**
 * Date formats by language, country and style, made once: making an `Intl.DateTimeFormat` costs far more
 * than using one, and a publication formats thousands of dates.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatDate(instant: Date, facts: MessageFacts, style: 'long' | 'short'): string {
  const key = `${facts.language}-${facts.country}-${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(`${facts.language}-${facts.country}`, {
      timeZone: TIME_ZONE[facts.country],
      weekday: style,
      day: 'numeric',
      month: style,
    });
    dateFormats.set(key, format);
  }
  return format.format(instant);
}

function windowParams(facts: MessageFacts, style: 'long' | 'short'): Record<string, string> {
  const end = new Date(facts.windowStart.getTime() + facts.windowSeconds * 1000);
  return {
    date: formatDate(facts.windowStart, facts, style),
    begin: clock(facts.windowStart, facts),
    end: clock(end, facts),
    shownFrom: facts.shownFrom ? `${formatDate(facts.shownFrom, facts, style)} ${clock(facts.shownFrom, facts)}` : '',
    phone: CALL_CENTRE[facts.country].display,
    reference: facts.reference,
  };
}

type Variant =
  | 'WINDOW'
  | 'UPDATE'
  | 'MOVED'
  | 'CANCELLATION'
  | 'ON_THE_WAY'
  | 'RESTORED'
  | 'RESTORED_DAY'
  | 'THANK_YOU'
  | 'PARTNER'
  | 'RUNNING_LATE'
  | 'MORNING'
  | 'VISIT_REPORT';

function variantOf(facts: Pick<MessageFacts, 'kind' | 'windowSeconds' | 'partner'>): Variant {
  if (facts.kind === MessageKind.CANCELLATION) return 'CANCELLATION';
  // A partner's visit: who contacts the consumer, whatever window of ours the row was planned with.
  if (facts.partner && WINDOW_KINDS.includes(facts.kind)) return 'PARTNER';
  if (facts.kind === MessageKind.ON_THE_WAY) return 'ON_THE_WAY';
  if (facts.kind === MessageKind.THANK_YOU) return 'THANK_YOU';
  if (facts.kind === MessageKind.RUNNING_LATE) return 'RUNNING_LATE';
  if (facts.kind === MessageKind.MORNING) return 'MORNING';
  if (facts.kind === MessageKind.VISIT_REPORT) return 'VISIT_REPORT';
  if (facts.kind === MessageKind.RESTORED) return facts.windowSeconds === 0 ? 'RESTORED_DAY' : 'RESTORED';
  if (facts.windowSeconds === 0) return 'MOVED';
  return facts.kind === MessageKind.WINDOW ? 'WINDOW' : 'UPDATE';
}

/** A display name without the characters that would break the From header. */
const safeName = (name: string) => name.replace(/["\\\r\n<>]/g, '').trim();

function fromHeader(senderName: string, mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${safeName(senderName)}" <${address}>`;
}

/**
 * The mail of a message, in the order's language: the date and window, that the technician calls 30
 * minutes ahead, the reference, the call centre, the personal link, the two replies (they open the page
 * with the answer chosen: a GET changes nothing) and the unsubscribe link, also as one-click headers
 * (RFC 8058). Plain text and HTML; the HTML part carries the open pixel.
 */
export function messageMail(facts: MessageFacts): MailMessage {
  const t = (key: MessageKey, params: Record<string, string> = {}) => translate(facts.language, key, params);
  const params = windowParams(facts, 'long');
  const variant = variantOf(facts);
  // Read an hour later in an inbox, "on the way" would be stale: it goes by SMS only (docs/decisions.md).
  if (variant === 'ON_THE_WAY') throw new Error('the on-the-way notice is sent by SMS only');
  // Its answers are text messages back: the morning notice is an SMS only.
  if (variant === 'MORNING') throw new Error('the morning notice is sent by SMS only');
  if (variant === 'THANK_YOU') return thankYouMail(facts, params);
  if (variant === 'VISIT_REPORT') return visitReportMail(facts, params);
  if (variant === 'PARTNER') return partnerMail(facts, params);
  if (variant === 'RUNNING_LATE') return runningLateMail(facts, params);
  const showsWindow = variant === 'WINDOW' || variant === 'UPDATE' || variant === 'RESTORED';
  return layoutMail({
    to: facts.recipient,
    language: facts.language,
    from: fromHeader(facts.senderName, facts.mailFrom),
    subject: t(`CONSUMER_MAIL_${variant}_SUBJECT`, params),
    greeting: t('MAIL_GREETING', { name: facts.customerName }),
    intro: [
      t(`CONSUMER_MAIL_${variant}_INTRO`, params),
      ...(showsWindow ? [t('CONSUMER_MAIL_CALL_AHEAD')] : []),
      t('CONSUMER_MAIL_REFERENCE', params),
    ],
    action: { label: t('CONSUMER_MAIL_ACTION'), url: facts.links.page },
    choices: showsWindow
      ? {
          question: t('CONSUMER_MAIL_REPLY_QUESTION'),
          links: [
            { label: t('CONSUMER_MAIL_REPLY_AT_HOME'), url: facts.links.replyAtHome },
            { label: t('CONSUMER_MAIL_REPLY_CALL_ME'), url: facts.links.replyCallMe },
          ],
        }
      : undefined,
    outro: [t('CONSUMER_MAIL_QUESTIONS', { ...params, ...callCentreHours(facts) })],
    footer: [{ label: t('CONSUMER_MAIL_UNSUBSCRIBE'), url: facts.links.unsubscribe }],
    pixelUrl: facts.pixelUrl,
    headers: {
      'List-Unsubscribe': `<${facts.links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** The partner's name as the texts say it: its own, else "our service partner" in the reader's language. */
const partnerName = (facts: MessageFacts): string =>
  facts.partner?.name ?? translate(facts.language, 'CONSUMER_PARTNER_UNNAMED');

/**
 * The message of a visit a partner makes: who makes it and that they contact the consumer, their number when known,
 * the reference, the personal link (its page sends the consumer to the partner's) and the call centre. No window, no
 * call ahead and no replies: the partner agrees the hour.
 */
function partnerMail(facts: MessageFacts, params: Record<string, string>): MailMessage {
  const values = { ...params, partner: partnerName(facts), partnerPhone: facts.partner?.phone ?? '' };
  const t = (key: MessageKey) => translate(facts.language, key, values);
  return layoutMail({
    to: facts.recipient,
    language: facts.language,
    from: fromHeader(facts.senderName, facts.mailFrom),
    subject: t('CONSUMER_MAIL_PARTNER_SUBJECT'),
    greeting: translate(facts.language, 'MAIL_GREETING', { name: facts.customerName }),
    intro: [
      t('CONSUMER_MAIL_PARTNER_INTRO'),
      ...(facts.partner?.phone ? [t('CONSUMER_MAIL_PARTNER_PHONE')] : []),
      t('CONSUMER_MAIL_REFERENCE'),
    ],
    action: { label: t('CONSUMER_MAIL_ACTION'), url: facts.links.page },
    outro: [translate(facts.language, 'CONSUMER_MAIL_QUESTIONS', { ...params, ...callCentreHours(facts) })],
    footer: [{ label: t('CONSUMER_MAIL_UNSUBSCRIBE'), url: facts.links.unsubscribe }],
    pixelUrl: facts.pixelUrl,
    headers: {
      'List-Unsubscribe': `<${facts.links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/**
 * The notice of a visit that will not make its window: the window, the arrival now expected, the reference, the
 * personal link (the page follows the visit) and the call centre. No replies: the visit is under way.
 */
function runningLateMail(facts: MessageFacts, params: Record<string, string>): MailMessage {
  const values = { ...params, arrival: facts.expectedArrival ? clock(facts.expectedArrival, facts) : '' };
  const t = (key: MessageKey) => translate(facts.language, key, values);
  return layoutMail({
    to: facts.recipient,
    language: facts.language,
    from: fromHeader(facts.senderName, facts.mailFrom),
    subject: t('CONSUMER_MAIL_RUNNING_LATE_SUBJECT'),
    greeting: translate(facts.language, 'MAIL_GREETING', { name: facts.customerName }),
    intro: [t('CONSUMER_MAIL_RUNNING_LATE_INTRO'), t('CONSUMER_MAIL_REFERENCE')],
    action: { label: t('CONSUMER_MAIL_ACTION'), url: facts.links.page },
    outro: [translate(facts.language, 'CONSUMER_MAIL_QUESTIONS', { ...params, ...callCentreHours(facts) })],
    footer: [{ label: t('CONSUMER_MAIL_UNSUBSCRIBE'), url: facts.links.unsubscribe }],
    pixelUrl: facts.pixelUrl,
    headers: {
      'List-Unsubscribe': `<${facts.links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

function thanksOf(facts: MessageFacts): NonNullable<MessageFacts['thanks']> {
  if (!facts.thanks) throw new Error('a thank-you needs its rating link');
  return facts.thanks;
}

/**
 * The thank-you after a finished visit: the visit's date, how it ended in the consumer's words, the question
 * with the rating link (it rates this visit and opens nothing else), the reference and the call centre; no
 * window, no replies. Plain text and HTML, the open pixel, the unsubscribe link and one-click headers.
 */
function thankYouMail(facts: MessageFacts, params: Record<string, string>): MailMessage {
  const t = (key: MessageKey, values: Record<string, string> = {}) => translate(facts.language, key, values);
  const thanks = thanksOf(facts);
  const until = `${formatDate(thanks.ratingOpenUntil, facts, 'long')} ${clock(thanks.ratingOpenUntil, facts)}`;
  return layoutMail({
    to: facts.recipient,
    language: facts.language,
    from: fromHeader(facts.senderName, facts.mailFrom),
    subject: t('CONSUMER_MAIL_THANK_YOU_SUBJECT', params),
    greeting: t('MAIL_GREETING', { name: facts.customerName }),
    intro: [
      t('CONSUMER_MAIL_THANK_YOU_INTRO', params),
      t(`CONSUMER_MAIL_THANK_YOU_${thanks.outcome}`),
      t('CONSUMER_MAIL_THANK_YOU_ASK', { until }),
      t('CONSUMER_MAIL_REFERENCE', params),
    ],
    action: { label: t('CONSUMER_MAIL_THANK_YOU_ACTION'), url: thanks.ratingUrl },
    outro: [t('CONSUMER_MAIL_QUESTIONS', { ...params, ...callCentreHours(facts) })],
    footer: [{ label: t('CONSUMER_MAIL_UNSUBSCRIBE'), url: facts.links.unsubscribe }],
    pixelUrl: facts.pixelUrl,
    headers: {
      'List-Unsubscribe': `<${facts.links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

function reportOf(facts: MessageFacts): NonNullable<MessageFacts['report']> {
  if (!facts.report) throw new Error('a work report needs the record');
  return facts.report;
}

/** A part as the consumer reads it: "2 × Pump (A-123)". */
const partText = (part: VisitReportContent['partsUsed'][number]) =>
  `${part.quantity} × ${part.name}${part.articleNumber === null ? '' : ` (${part.articleNumber})`}`;

/**
 * The work report after a finished visit the technician recorded (docs/decisions/technician.md, Visit records): the
 * visit's date, how it ended in the consumer's words, the appliance, the parts used, the note for the consumer, when
 * signed, and the signature and the photos marked for the consumer as images inline (a mail is read long after a
 * signed link to a file has expired); the link to the report's page (the photos full size) and until when it opens.
 * Never the office note nor the parts needed.
 */
function visitReportMail(facts: MessageFacts, params: Record<string, string>): MailMessage {
  const t = (key: MessageKey, values: Record<string, string> = {}) => translate(facts.language, key, values);
  const { content, outcome, openUntil } = reportOf(facts);
  const appliance = [content.applianceBrand, content.applianceModel].filter((part) => part !== null).join(' ');
  const factsList = [
    ...(appliance === '' ? [] : [{ label: t('CONSUMER_MAIL_VISIT_REPORT_APPLIANCE'), value: appliance }]),
    ...(content.partsUsed.length === 0
      ? []
      : [{ label: t('CONSUMER_MAIL_VISIT_REPORT_PARTS'), value: content.partsUsed.map(partText).join('; ') }]),
    ...(content.consumerNote === null
      ? []
      : [{ label: t('CONSUMER_MAIL_VISIT_REPORT_NOTE'), value: content.consumerNote }]),
    ...(content.signedAt === null
      ? []
      : [
          {
            label: t('CONSUMER_MAIL_VISIT_REPORT_SIGNED'),
            value: `${formatDate(content.signedAt, facts, 'long')} ${clock(content.signedAt, facts)}`,
          },
        ]),
  ];
  let photoNumber = 0;
  const images = content.images.map((image) => ({
    alt:
      image.kind === 'SIGNATURE'
        ? t('CONSUMER_MAIL_VISIT_REPORT_SIGNATURE_ALT')
        : t('CONSUMER_MAIL_VISIT_REPORT_PHOTO_ALT', { number: String((photoNumber += 1)) }),
    content: image.content,
    contentType: image.contentType,
  }));
  return layoutMail({
    to: facts.recipient,
    language: facts.language,
    from: fromHeader(facts.senderName, facts.mailFrom),
    subject: t('CONSUMER_MAIL_VISIT_REPORT_SUBJECT', params),
    greeting: t('MAIL_GREETING', { name: facts.customerName }),
    intro: [
      t('CONSUMER_MAIL_VISIT_REPORT_INTRO', params),
      t(`CONSUMER_MAIL_THANK_YOU_${outcome}`),
      t('CONSUMER_MAIL_REFERENCE', params),
    ],
    facts: factsList,
    images: images.length === 0 ? undefined : { heading: t('CONSUMER_MAIL_VISIT_REPORT_PHOTOS'), items: images },
    action: { label: t('CONSUMER_MAIL_VISIT_REPORT_ACTION'), url: facts.links.report },
    outro: [
      ...(images.length === 0 ? [] : [t('CONSUMER_MAIL_VISIT_REPORT_PHOTOS_ATTACHED')]),
      t('CONSUMER_MAIL_VISIT_REPORT_UNTIL', { until: formatDate(new Date(openUntil.getTime() - 1), facts, 'long') }),
      t('CONSUMER_MAIL_QUESTIONS', { ...params, ...callCentreHours(facts) }),
    ],
    footer: [{ label: t('CONSUMER_MAIL_UNSUBSCRIBE'), url: facts.links.unsubscribe }],
    pixelUrl: facts.pixelUrl,
    headers: {
      'List-Unsubscribe': `<${facts.links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** An SMS is one part of at most 160 characters of the GSM 03.38 alphabet. */
export const SMS_MAX_LENGTH = 160;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two of the 160. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** Letters outside the GSM alphabet that French and Dutch texts use, spelled without their accent. */
const GSM_FALLBACK: Record<string, string> = {
  â: 'a',
  á: 'a',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  í: 'i',
  ô: 'o',
  ó: 'o',
  û: 'u',
  ú: 'u',
  ç: 'Ç',
  À: 'A',
  Â: 'A',
  È: 'E',
  Ê: 'E',
  Ë: 'E',
  Î: 'I',
  Ï: 'I',
  Ô: 'O',
  Û: 'U',
  Ù: 'U',
  '\u00a0': ' ',
  '\u202f': ' ',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
};

/** The text in the GSM alphabet: known letters lose their accent, anything else becomes `?`. */
export function toGsm7(text: string): string {
  return [...text]
    .map((char) => (GSM_BASIC.includes(char) || GSM_EXTENDED.includes(char) ? char : (GSM_FALLBACK[char] ?? '?')))
    .join('');
}

/** Its length in GSM septets; null when a character is outside the GSM alphabet. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) length += 1;
    else if (GSM_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** At most this much of the sender name opens an SMS (an alphanumeric sender id is 11 characters). */
const SMS_SENDER_MAX = 11;

/**
 * The SMS of a message: one GSM-7 part of at most 160 characters with the personal link. The full
 * text when it fits; the short one otherwise.
 */
export function messageSms(facts: MessageFacts): string {
  const variant = variantOf(facts);
  const params = {
    ...windowParams(facts, 'short'),
    sender: safeName(facts.senderName).slice(0, SMS_SENDER_MAX).trim(),
    // The thank-you carries the rating link, the work report its own page: the personal link ended with the visit day.
    link:
      variant === 'THANK_YOU'
        ? thanksOf(facts).ratingUrl
        : variant === 'VISIT_REPORT'
          ? facts.links.report
          : facts.links.page,
    arrival: facts.expectedArrival ? clock(facts.expectedArrival, facts) : '',
    name: facts.technicianName?.trim() ?? '',
    partner: variant === 'PARTNER' ? safeName(partnerName(facts)) : '',
    time: facts.visitDayTime ?? '',
  };
  // The full "on the way" and late texts name the technician: without a name only the short one reads right.
  const named = (variant !== 'ON_THE_WAY' && variant !== 'RUNNING_LATE') || params.name !== '';
  const full = toGsm7(translate(facts.language, `CONSUMER_SMS_${variant}`, params));
  if (named && (gsm7Length(full) ?? Infinity) <= SMS_MAX_LENGTH) return full;
  return toGsm7(translate(facts.language, `CONSUMER_SMS_${variant}_SHORT`, params));
}
