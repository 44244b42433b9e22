/**
 * How the order history reads: labels, values and actors. Kept free of React and imports (the
 * translator and the date formatter come in), so it is unit-tested on its own.
 */

const KIND_LABELS = {
  CREATED: 'admin.history.kind.CREATED',
  IMPORT_CREATED: 'admin.history.kind.IMPORT_CREATED',
  IMPORT_UPDATED: 'admin.history.kind.IMPORT_UPDATED',
  START_CONFIRMED: 'admin.history.kind.START_CONFIRMED',
  REASSIGNED: 'admin.history.kind.REASSIGNED',
  MIGRATED: 'admin.history.kind.MIGRATED',
  DELETED: 'admin.history.kind.DELETED',
  CONSUMER_REPLIED: 'admin.history.kind.CONSUMER_REPLIED',
  VISIT_ON_THE_WAY: 'admin.history.kind.VISIT_ON_THE_WAY',
  VISIT_ARRIVED: 'admin.history.kind.VISIT_ARRIVED',
  VISIT_FINISHED: 'admin.history.kind.VISIT_FINISHED',
  VISIT_STEP_BACK: 'admin.history.kind.VISIT_STEP_BACK',
  MESSAGE_RESENT: 'admin.history.kind.MESSAGE_RESENT',
  RESCHEDULED: 'admin.history.kind.RESCHEDULED',
  CONSUMER_MOVE_UNDONE: 'admin.history.kind.CONSUMER_MOVE_UNDONE',
  RESTORED: 'admin.history.kind.RESTORED',
  TECHNICIAN_DELETED: 'admin.history.kind.TECHNICIAN_DELETED',
  CONSUMER_RATED: 'admin.history.kind.CONSUMER_RATED',
  CALL_STATUS_SET: 'admin.history.kind.CALL_STATUS_SET',
  ADDRESS_CHANGED: 'admin.history.kind.ADDRESS_CHANGED',
  CONSUMER_LANGUAGE_CHOSEN: 'admin.history.kind.CONSUMER_LANGUAGE_CHOSEN',
  VISIT_RECORD_SAVED: 'admin.history.kind.VISIT_RECORD_SAVED',
  VISIT_PHOTO_ADDED: 'admin.history.kind.VISIT_PHOTO_ADDED',
  VISIT_SIGNED: 'admin.history.kind.VISIT_SIGNED',
  VISIT_PHOTO_REMOVED: 'admin.history.kind.VISIT_PHOTO_REMOVED',
} as const;

export type HistoryKind = keyof typeof KIND_LABELS;

/** Labels of the order fields a history names; a field another feature adds shows its own name until listed. */
const FIELD_LABELS = {
  referenceNumber: 'admin.orders.field.referenceNumber',
  name: 'admin.orders.field.name',
  email: 'admin.orders.field.email',
  phone: 'admin.orders.field.phone',
  zipcode: 'admin.orders.field.zipcode',
  street: 'admin.orders.field.street',
  houseNumber: 'admin.orders.field.houseNumber',
  houseNumberAddition: 'admin.orders.field.houseNumberAddition',
  city: 'admin.orders.field.city',
  country: 'admin.orders.field.country',
  appointment: 'admin.history.field.appointment',
  duration: 'admin.history.field.duration',
  technician: 'admin.orders.field.technician',
  special: 'admin.orders.field.special',
  externalCompany: 'admin.history.field.externalCompany',
  deleted: 'admin.history.field.deleted',
  // The consumer reply records these two.
  answer: 'admin.history.field.answer',
  accessNote: 'admin.history.field.accessNote',
  // The consumer's choice of language on our pages.
  language: 'admin.history.field.language',
  // The technician's visit status records these four.
  visitStage: 'admin.history.field.visitStage',
  expectedArrival: 'admin.history.field.expectedArrival',
  visitOutcome: 'admin.history.field.visitOutcome',
  visitNote: 'admin.history.field.visitNote',
  // Sending a consumer message again records these three.
  messageStatus: 'admin.history.field.messageStatus',
  messageKind: 'admin.history.field.messageKind',
  messageChannel: 'admin.history.field.messageChannel',
  // The consumer's rating records its score.
  ratingScore: 'admin.history.field.ratingScore',
  // A call from the call list records these two.
  callStatus: 'admin.history.field.callStatus',
  callNote: 'admin.history.field.callNote',
  // The technician's visit record records these.
  applianceBrand: 'admin.history.field.applianceBrand',
  applianceModel: 'admin.history.field.applianceModel',
  applianceSerialNumber: 'admin.history.field.applianceSerialNumber',
  partsUsed: 'admin.history.field.partsUsed',
  partsNeeded: 'admin.history.field.partsNeeded',
  officeNote: 'admin.history.field.officeNote',
  consumerNote: 'admin.history.field.consumerNote',
  visitPhoto: 'admin.history.field.visitPhoto',
  visitPhotoForConsumer: 'admin.history.field.visitPhotoForConsumer',
  visitSignedAt: 'admin.history.field.visitSignedAt',
} as const;

const PHOTO_KINDS = {
  TYPE_PLATE: 'admin.history.photoKind.TYPE_PLATE',
  BEFORE: 'admin.history.photoKind.BEFORE',
  AFTER: 'admin.history.photoKind.AFTER',
  OTHER: 'admin.history.photoKind.OTHER',
} as const;

const ANSWERS = {
  AT_HOME: 'reply.answer.AT_HOME',
  CALL_ME: 'reply.answer.CALL_ME',
} as const;

const VISIT_STAGES = {
  ON_THE_WAY: 'visit.stage.ON_THE_WAY',
  ARRIVED: 'visit.stage.ARRIVED',
  FINISHED: 'visit.stage.FINISHED',
} as const;

const VISIT_OUTCOMES = {
  REPAIRED: 'visit.outcome.REPAIRED',
  FOLLOW_UP_PARTS: 'visit.outcome.FOLLOW_UP_PARTS',
  NOT_HOME: 'visit.outcome.NOT_HOME',
  NOT_DONE: 'visit.outcome.NOT_DONE',
} as const;

/** How the order screen names a consumer message's kind, channel and status (the message log shows them too). */
export const MESSAGE_KINDS = {
  WINDOW: 'admin.messages.kind.WINDOW',
  UPDATE: 'admin.messages.kind.UPDATE',
  CANCELLATION: 'admin.messages.kind.CANCELLATION',
  ON_THE_WAY: 'admin.messages.kind.ON_THE_WAY',
  RESTORED: 'admin.messages.kind.RESTORED',
  THANK_YOU: 'admin.messages.kind.THANK_YOU',
  RUNNING_LATE: 'admin.messages.kind.RUNNING_LATE',
  MORNING: 'admin.messages.kind.MORNING',
  VISIT_REPORT: 'admin.messages.kind.VISIT_REPORT',
} as const;

export const MESSAGE_CHANNELS = {
  EMAIL: 'admin.messages.channel.EMAIL',
  SMS: 'admin.messages.channel.SMS',
} as const;

export const MESSAGE_STATUSES = {
  QUEUED: 'admin.messages.status.QUEUED',
  SENT: 'admin.messages.status.SENT',
  FAILED: 'admin.messages.status.FAILED',
  SKIPPED: 'admin.messages.status.SKIPPED',
} as const;

/** How the call list and the history name a call's status. */
export const CALL_STATUS_LABELS = {
  REACHED: 'admin.callList.status.REACHED',
  NO_ANSWER: 'admin.callList.status.NO_ANSWER',
  VOICEMAIL: 'admin.callList.status.VOICEMAIL',
  WRONG_NUMBER: 'admin.callList.status.WRONG_NUMBER',
} as const;

const labelOf = <T extends Record<string, string>>(labels: T, value: string): T[keyof T] | null =>
  Object.hasOwn(labels, value) ? labels[value as keyof T] : null;

type OtherKey =
  | 'admin.history.hours'
  | 'admin.orders.yes'
  | 'admin.orders.no'
  | 'admin.history.deletedYes'
  | 'admin.history.deletedNo'
  | 'common.country.NL'
  | 'common.country.BE'
  | 'admin.history.unknownPerson'
  | 'admin.history.byAdmin'
  | 'admin.history.byTechnician'
  | 'admin.history.byAdminAsTechnician'
  | 'admin.history.byConsumer'
  | 'admin.history.byImport'
  | 'admin.history.byApplication'
  | 'visit.stage.PLANNED'
  | 'admin.callList.status.NOT_CALLED';

const LANGUAGES = { nl: 'admin.history.language.nl', fr: 'admin.history.language.fr' } as const;

/** Every catalogue key this module uses (all in client/src/i18n). */
export type HistoryMessageKey =
  | (typeof KIND_LABELS)[HistoryKind]
  | (typeof FIELD_LABELS)[keyof typeof FIELD_LABELS]
  | (typeof ANSWERS)[keyof typeof ANSWERS]
  | (typeof VISIT_STAGES)[keyof typeof VISIT_STAGES]
  | (typeof VISIT_OUTCOMES)[keyof typeof VISIT_OUTCOMES]
  | (typeof MESSAGE_KINDS)[keyof typeof MESSAGE_KINDS]
  | (typeof MESSAGE_CHANNELS)[keyof typeof MESSAGE_CHANNELS]
  | (typeof MESSAGE_STATUSES)[keyof typeof MESSAGE_STATUSES]
  | (typeof CALL_STATUS_LABELS)[keyof typeof CALL_STATUS_LABELS]
  | (typeof LANGUAGES)[keyof typeof LANGUAGES]
  | (typeof PHOTO_KINDS)[keyof typeof PHOTO_KINDS]
  | OtherKey;

export type HistoryTranslate = (key: HistoryMessageKey, params?: Record<string, string | number>) => string;

export const kindLabel = (kind: HistoryKind, t: HistoryTranslate): string => t(KIND_LABELS[kind]);

export const fieldLabel = (field: string, t: HistoryTranslate): string =>
  Object.hasOwn(FIELD_LABELS, field) ? t(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field;

export interface ValueContext {
  t: HistoryTranslate;
  /** "24-11-2026 09:00" in the order's country. */
  formatInstant: (instant: Date) => string;
  /** "Anna Visser (N10001)" for a personal number, when that technician is known. */
  technicianName: (personalNumber: string) => string;
}

/** The access note is stored HTML-escaped (five entities); shown as the text the customer typed. */
const unescapeNote = (note: string) =>
  note
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** One recorded value as the order screen writes it (the server sends text: ISO instants, 'true', '10800'). */
export function formatHistoryValue(field: string, value: string | null, context: ValueContext): string {
  const { t } = context;
  // A visit without a stage is planned again (an undo of its first step).
  if (field === 'visitStage' && (value === null || value === '')) return t('visit.stage.PLANNED');
  // A call status cleared again: the customer is to be called as if nobody had.
  if (field === 'callStatus' && (value === null || value === '')) return t('admin.callList.status.NOT_CALLED');
  if (value === null || value === '') return '—';
  switch (field) {
    case 'appointment':
      return context.formatInstant(new Date(value));
    case 'duration':
      return t('admin.history.hours', { hours: Number(value) / 3600 });
    case 'technician':
      return context.technicianName(value);
    case 'special':
      return t(value === 'true' ? 'admin.orders.yes' : 'admin.orders.no');
    case 'deleted':
      return t(value === 'true' ? 'admin.history.deletedYes' : 'admin.history.deletedNo');
    case 'country':
      return value === 'BE' ? t('common.country.BE') : value === 'NL' ? t('common.country.NL') : value;
    case 'answer':
      return Object.hasOwn(ANSWERS, value) ? t(ANSWERS[value as keyof typeof ANSWERS]) : value;
    case 'accessNote':
      return unescapeNote(value);
    case 'language':
      return Object.hasOwn(LANGUAGES, value) ? t(LANGUAGES[value as keyof typeof LANGUAGES]) : value;
    case 'expectedArrival':
      return context.formatInstant(new Date(value));
    case 'visitStage':
      return Object.hasOwn(VISIT_STAGES, value) ? t(VISIT_STAGES[value as keyof typeof VISIT_STAGES]) : value;
    case 'visitOutcome':
      return Object.hasOwn(VISIT_OUTCOMES, value) ? t(VISIT_OUTCOMES[value as keyof typeof VISIT_OUTCOMES]) : value;
    case 'visitPhoto': {
      const key = labelOf(PHOTO_KINDS, value);
      return key ? t(key) : value;
    }
    case 'visitPhotoForConsumer':
      return t(value === 'true' ? 'admin.orders.yes' : 'admin.orders.no');
    case 'visitSignedAt':
      return context.formatInstant(new Date(value));
    case 'callStatus': {
      const key = labelOf(CALL_STATUS_LABELS, value);
      return key ? t(key) : value;
    }
    case 'messageStatus':
    case 'messageKind':
    case 'messageChannel': {
      const labels = { messageStatus: MESSAGE_STATUSES, messageKind: MESSAGE_KINDS, messageChannel: MESSAGE_CHANNELS }[
        field
      ];
      const key = labelOf(labels, value);
      return key ? t(key) : value;
    }
    default:
      return value;
  }
}

export interface HistoryActor {
  type: 'ADMIN' | 'TECHNICIAN' | 'CONSUMER' | 'IMPORT' | 'APPLICATION';
  name?: string | null;
  actingAdmin?: string | null;
  importFileName?: string | null;
}

/** "door Greet Jansen (admin)", "door Greet Jansen (admin) als monteur Anna Visser", "door de klant", ... */
export function actorText(actor: HistoryActor, t: HistoryTranslate): string {
  const unknown = t('admin.history.unknownPerson');
  switch (actor.type) {
    case 'ADMIN':
      return t('admin.history.byAdmin', { name: actor.name ?? unknown });
    case 'TECHNICIAN':
      return actor.actingAdmin
        ? t('admin.history.byAdminAsTechnician', { admin: actor.actingAdmin, name: actor.name ?? unknown })
        : t('admin.history.byTechnician', { name: actor.name ?? unknown });
    case 'CONSUMER':
      return t('admin.history.byConsumer');
    case 'IMPORT':
      return t('admin.history.byImport', { file: actor.importFileName ?? '—', name: actor.name ?? unknown });
    case 'APPLICATION':
      return t('admin.history.byApplication', { name: actor.name ?? unknown });
  }
}
