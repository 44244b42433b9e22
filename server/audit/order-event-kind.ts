import { registerEnumType } from 'type-graphql';

/** What happened to an order. Stored as text: a new kind needs no migration. */
export enum OrderEventKind {
  CREATED = 'CREATED',
  IMPORT_CREATED = 'IMPORT_CREATED',
  IMPORT_UPDATED = 'IMPORT_UPDATED',
  START_CONFIRMED = 'START_CONFIRMED',
  REASSIGNED = 'REASSIGNED',
  MIGRATED = 'MIGRATED',
  DELETED = 'DELETED',
  CONSUMER_REPLIED = 'CONSUMER_REPLIED',
  VISIT_ON_THE_WAY = 'VISIT_ON_THE_WAY',
  VISIT_ARRIVED = 'VISIT_ARRIVED',
  VISIT_FINISHED = 'VISIT_FINISHED',
  VISIT_STEP_BACK = 'VISIT_STEP_BACK',
  MESSAGE_RESENT = 'MESSAGE_RESENT',
  RESCHEDULED = 'RESCHEDULED',
  CONSUMER_MOVE_UNDONE = 'CONSUMER_MOVE_UNDONE',
  RESTORED = 'RESTORED',
  TECHNICIAN_DELETED = 'TECHNICIAN_DELETED',
  CONSUMER_RATED = 'CONSUMER_RATED',
  CALL_STATUS_SET = 'CALL_STATUS_SET',
  ADDRESS_CHANGED = 'ADDRESS_CHANGED',
  CONSUMER_LANGUAGE_CHOSEN = 'CONSUMER_LANGUAGE_CHOSEN',
  VISIT_RECORD_SAVED = 'VISIT_RECORD_SAVED',
  VISIT_PHOTO_ADDED = 'VISIT_PHOTO_ADDED',
  VISIT_SIGNED = 'VISIT_SIGNED',
  VISIT_PHOTO_REMOVED = 'VISIT_PHOTO_REMOVED',
}

registerEnumType(OrderEventKind, {
  name: 'OrderEventKind',
  description: 'What happened to an order.',
  valuesConfig: {
    CREATED: { description: 'An admin created the order by hand.' },
    IMPORT_CREATED: { description: 'A CSV import created the order.' },
    IMPORT_UPDATED: { description: 'A CSV import changed the order (a row equal to the order records nothing).' },
    START_CONFIRMED: {
      description: 'The technician confirmed the day; `changes` holds the start hour before and after.',
    },
    REASSIGNED: { description: 'An admin gave the order another technician.' },
    MIGRATED: { description: "An admin moved the order with others to another technician's schedule." },
    DELETED: { description: 'An admin deleted the order.' },
    CONSUMER_REPLIED: { description: 'The customer replied on the visit page (at home, call me, access note).' },
    VISIT_ON_THE_WAY: { description: 'The technician set out for the visit; `changes` holds the expected arrival.' },
    VISIT_ARRIVED: { description: 'The technician arrived at the address.' },
    VISIT_FINISHED: { description: 'The technician finished the visit; `changes` holds the outcome and the note.' },
    VISIT_STEP_BACK: { description: 'The technician undid the last step of the visit status (a mis-tap).' },
    MESSAGE_RESENT: {
      description:
        'An admin sent a consumer message again; `changes` holds its status before and its kind and channel.',
    },
    RESCHEDULED: {
      description:
        'An admin, or the customer from the personal link, moved the visit to another date or window (and perhaps another technician).',
    },
    CONSUMER_MOVE_UNDONE: {
      description: 'The customer undid their own move within its minutes: the visit is back where it was.',
    },
    RESTORED: { description: 'An admin restored the deleted order.' },
    CONSUMER_LANGUAGE_CHOSEN: {
      description:
        'The customer chose the language of our pages; later messages are in it. `changes` holds `language`.',
    },
    CONSUMER_RATED: {
      description: 'The customer rated the finished visit, or changed the rating; `changes` holds the score.',
    },
    TECHNICIAN_DELETED: {
      description: "An admin deleted the order's technician; a past or deleted order keeps no technician.",
    },
    CALL_STATUS_SET: {
      description:
        'An admin recorded what came of a call to the customer from the call list; `changes` holds `callStatus` and `callNote`.',
    },
    VISIT_RECORD_SAVED: {
      description:
        'The technician saved the visit record; `changes` holds the appliance, parts and notes that changed.',
    },
    VISIT_PHOTO_ADDED: { description: 'The technician added a photo; `changes` holds its kind.' },
    VISIT_PHOTO_REMOVED: { description: 'The technician removed a photo; `changes` holds its kind.' },
    VISIT_SIGNED: { description: "The customer signed on the technician's screen; `changes` holds when." },
    ADDRESS_CHANGED: {
      description: 'An admin corrected the visit address; `changes` holds the parts that changed.',
    },
  },
});

/** Who made a change. */
export enum OrderEventActorType {
  ADMIN = 'ADMIN',
  TECHNICIAN = 'TECHNICIAN',
  CONSUMER = 'CONSUMER',
  IMPORT = 'IMPORT',
  APPLICATION = 'APPLICATION',
}

registerEnumType(OrderEventActorType, {
  name: 'OrderEventActorType',
  description: 'Who made a change to an order.',
  valuesConfig: {
    ADMIN: { description: 'A signed-in admin.' },
    TECHNICIAN: {
      description: 'A technician in the planner; `actingAdmin` is set when an admin opened it as the technician.',
    },
    CONSUMER: { description: 'The customer, with the data token of the visit page.' },
    IMPORT: { description: 'A CSV import; `name` is the admin who ran it, `importFileName` the file.' },
    APPLICATION: { description: "An integrator's application with its key; `name` is the application's name." },
  },
});
