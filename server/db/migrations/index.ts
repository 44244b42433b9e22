import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';

/** A migration by the name MikroORM records, with its class, which loads only when the migration is to run. */
export interface MigrationEntry {
  name: string;
  load: () => Promise<Constructor<Migration>>;
}

/**
 * Every migration, in order. Add new ones at the end; never edit one that has shipped. Importing this list loads
 * no migration: a start compares the names with the database and loads the classes only when one is pending.
 */
export const MIGRATIONS: MigrationEntry[] = [
  {
    name: 'Migration20261121000000_initial',
    load: async () => (await import('./Migration20261121000000_initial.js')).Migration20261121000000_initial,
  },
  {
    name: 'Migration20261121050000_schedule_confirmed_by',
    load: async () =>
      (await import('./Migration20261121050000_schedule_confirmed_by.js'))
        .Migration20261121050000_schedule_confirmed_by,
  },
  {
    name: 'Migration20261121060000_orders_by_appointment',
    load: async () =>
      (await import('./Migration20261121060000_orders_by_appointment.js'))
        .Migration20261121060000_orders_by_appointment,
  },
  {
    name: 'Migration20261121070000_import_jobs',
    load: async () => (await import('./Migration20261121070000_import_jobs.js')).Migration20261121070000_import_jobs,
  },
  {
    name: 'Migration20261121080000_statistics_indexes',
    load: async () =>
      (await import('./Migration20261121080000_statistics_indexes.js')).Migration20261121080000_statistics_indexes,
  },
  {
    name: 'Migration20261121100000_consumer_replies',
    load: async () =>
      (await import('./Migration20261121100000_consumer_replies.js')).Migration20261121100000_consumer_replies,
  },
  // audit trail
  {
    name: 'Migration20261121110000_order_events',
    load: async () => (await import('./Migration20261121110000_order_events.js')).Migration20261121110000_order_events,
  },
  {
    name: 'Migration20261123100000_import_claim',
    load: async () => (await import('./Migration20261123100000_import_claim.js')).Migration20261123100000_import_claim,
  },
  {
    name: 'Migration20261125100000_visit_statuses',
    load: async () =>
      (await import('./Migration20261125100000_visit_statuses.js')).Migration20261125100000_visit_statuses,
  },
  {
    name: 'Migration20261125120000_order_search',
    load: async () => (await import('./Migration20261125120000_order_search.js')).Migration20261125120000_order_search,
  },
  // personal links: unsubscribed addresses, hashed
  {
    name: 'Migration20261126000000_consumer_unsubscribes',
    load: async () =>
      (await import('./Migration20261126000000_consumer_unsubscribes.js'))
        .Migration20261126000000_consumer_unsubscribes,
  },
  {
    name: 'Migration20261126010000_consumer_messages',
    load: async () =>
      (await import('./Migration20261126010000_consumer_messages.js')).Migration20261126010000_consumer_messages,
  },
  {
    name: 'Migration20261126030000_import_status_default',
    load: async () =>
      (await import('./Migration20261126030000_import_status_default.js'))
        .Migration20261126030000_import_status_default,
  },
  // consumer messages: addresses removed a while after the visit
  {
    name: 'Migration20261126031500_consumer_message_purge',
    load: async () =>
      (await import('./Migration20261126031500_consumer_message_purge.js'))
        .Migration20261126031500_consumer_message_purge,
  },
  // full addresses: street and house-number addition
  {
    name: 'Migration20261126033000_order_street',
    load: async () => (await import('./Migration20261126033000_order_street.js')).Migration20261126033000_order_street,
  },
  // the consumer's rating of a finished visit
  {
    name: 'Migration20261126060000_visit_ratings',
    load: async () =>
      (await import('./Migration20261126060000_visit_ratings.js')).Migration20261126060000_visit_ratings,
  },
  // the call list: the last call's status per order
  {
    name: 'Migration20261126060000_order_calls',
    load: async () => (await import('./Migration20261126060000_order_calls.js')).Migration20261126060000_order_calls,
  },
  // "informed?" kept per order, for the order list's filter
  {
    name: 'Migration20261126091500_order_first_lookup',
    load: async () =>
      (await import('./Migration20261126091500_order_first_lookup.js')).Migration20261126091500_order_first_lookup,
  },
  // the search's folded text stored, and carried by the appointment index
  {
    name: 'Migration20261126094500_order_search_text',
    load: async () =>
      (await import('./Migration20261126094500_order_search_text.js')).Migration20261126094500_order_search_text,
  },
  // consumer messages: a restored order is told again, each delete and restore a round of its own
  {
    name: 'Migration20261126123000_consumer_message_rounds',
    load: async () =>
      (await import('./Migration20261126123000_consumer_message_rounds.js'))
        .Migration20261126123000_consumer_message_rounds,
  },
  // the statistics' mail reads: the sent mails of a period
  {
    name: 'Migration20261126124500_consumer_mail_sent_index',
    load: async () =>
      (await import('./Migration20261126124500_consumer_mail_sent_index.js'))
        .Migration20261126124500_consumer_mail_sent_index,
  },
  // consumer messages: why one failed or was skipped, as a code with texts
  {
    name: 'Migration20261126130000_consumer_message_failure_code',
    load: async () =>
      (await import('./Migration20261126130000_consumer_message_failure_code.js'))
        .Migration20261126130000_consumer_message_failure_code,
  },
  // the order search: an e-mail address by its start
  {
    name: 'Migration20261126161500_order_email_prefix_index',
    load: async () =>
      (await import('./Migration20261126161500_order_email_prefix_index.js'))
        .Migration20261126161500_order_email_prefix_index,
  },
  // consumer messages: a short claim while one is handed to its transport, instead of a lock in a transaction
  {
    name: 'Migration20261204120000_consumer_message_claims',
    load: async () =>
      (await import('./Migration20261204120000_consumer_message_claims.js'))
        .Migration20261204120000_consumer_message_claims,
  },
  // personal links: the generation a link must carry, raised on delete and on a contact change to another person
  {
    name: 'Migration20261204200000_order_link_generation',
    load: async () =>
      (await import('./Migration20261204200000_order_link_generation.js'))
        .Migration20261204200000_order_link_generation,
  },
  // rate-limit buckets locked in one order by every statement (no deadlocks)
  {
    name: 'Migration20261204210000_rate_limit_lock_order',
    load: async () =>
      (await import('./Migration20261204210000_rate_limit_lock_order.js'))
        .Migration20261204210000_rate_limit_lock_order,
  },
  // consumer messages of an order wait while its last change can be undone
  {
    name: 'Migration20261205090000_order_undoable_until',
    load: async () =>
      (await import('./Migration20261205090000_order_undoable_until.js')).Migration20261205090000_order_undoable_until,
  },
  // the consumer's language per order: given, else the Belgian postcode's region (existing orders too)
  {
    name: 'Migration20261205100000_order_language',
    load: async () =>
      (await import('./Migration20261205100000_order_language.js')).Migration20261205100000_order_language,
  },
  // the failed consumer messages, newest first, for the office's log across orders
  {
    name: 'Migration20261205120000_failed_messages_index',
    load: async () =>
      (await import('./Migration20261205120000_failed_messages_index.js'))
        .Migration20261205120000_failed_messages_index,
  },
  // self-service moves: the settings per country, and the index of the offers by postcode area and day
  {
    name: 'Migration20261206020000_self_move',
    load: async () => (await import('./Migration20261206020000_self_move.js')).Migration20261206020000_self_move,
  },
  // "informed?" counts a lookup for the orders of its own door: the house number's addition counts too
  {
    name: 'Migration20261206040000_first_lookup_by_door',
    load: async () =>
      (await import('./Migration20261206040000_first_lookup_by_door.js')).Migration20261206040000_first_lookup_by_door,
  },
  // the morning SMS at a time per country, and the text messages consumers send back
  {
    name: 'Migration20261206030000_sms_replies',
    load: async () => (await import('./Migration20261206030000_sms_replies.js')).Migration20261206030000_sms_replies,
  },
  // the technician's record of a visit, its photos, and the files of the default file storage
  {
    name: 'Migration20261207020000_visit_records',
    load: async () =>
      (await import('./Migration20261207020000_visit_records.js')).Migration20261207020000_visit_records,
  },
  // integrators' applications, their keys, their use per minute and the answers of idempotent writes
  {
    name: 'Migration20261207030000_api_clients',
    load: async () => (await import('./Migration20261207030000_api_clients.js')).Migration20261207030000_api_clients,
  },
  // an order's trail names an application as the author of its changes
  {
    name: 'Migration20261207031000_application_actor',
    load: async () =>
      (await import('./Migration20261207031000_application_actor.js')).Migration20261207031000_application_actor,
  },
  // office roles beside admin, and the signed-in devices of staff
  {
    name: 'Migration20261207040000_roles_and_sessions',
    load: async () =>
      (await import('./Migration20261207040000_roles_and_sessions.js')).Migration20261207040000_roles_and_sessions,
  },
  // a person's data on request: anonymised orders, the retention per country and the audit of requests
  {
    name: 'Migration20261207050000_data_requests',
    load: async () =>
      (await import('./Migration20261207050000_data_requests.js')).Migration20261207050000_data_requests,
  },
  // applications' webhook endpoints, their deliveries, and the outbox the order trail, messages and imports fill
  {
    name: 'Migration20261208030000_webhooks',
    load: async () => (await import('./Migration20261208030000_webhooks.js')).Migration20261208030000_webhooks,
  },
  // second factors of staff: authenticator apps, recovery codes, who must use one, and the record of changes
  {
    name: 'Migration20261208050000_second_factors',
    load: async () =>
      (await import('./Migration20261208050000_second_factors.js')).Migration20261208050000_second_factors,
  },
  // staff passkeys, their challenges, and an admin's removal of them in the record of second-factor changes
  {
    name: 'Migration20261208060000_passkeys',
    load: async () => (await import('./Migration20261208060000_passkeys.js')).Migration20261208060000_passkeys,
  },
  // the finished webhook deliveries by their last attempt, for the hourly removal of the old ones
  {
    name: 'Migration20261208070000_webhook_log_retention',
    load: async () =>
      (await import('./Migration20261208070000_webhook_log_retention.js'))
        .Migration20261208070000_webhook_log_retention,
  },
  // the pending webhook deliveries in the order recorded, so a claim reads what it takes and stops
  {
    name: 'Migration20261210020000_webhook_pending_order',
    load: async () =>
      (await import('./Migration20261210020000_webhook_pending_order.js'))
        .Migration20261210020000_webhook_pending_order,
  },
  // room on the webhook deliveries' pages, so a claim rewrites its row in place and no index
  {
    name: 'Migration20261212010000_webhook_delivery_room',
    load: async () =>
      (await import('./Migration20261212010000_webhook_delivery_room.js'))
        .Migration20261212010000_webhook_delivery_room,
  },
  // the first-lookup triggers: a lookup reaches its customer's orders by index; an order change that moves
  // nothing ends at once
  {
    name: 'Migration20261212020000_first_lookup_cheaper',
    load: async () =>
      (await import('./Migration20261212020000_first_lookup_cheaper.js')).Migration20261212020000_first_lookup_cheaper,
  },
  // the claim's "an earlier delivery of this order still waits" on an index no other query's plan can take
  {
    name: 'Migration20261213010000_webhook_waiting_order',
    load: async () =>
      (await import('./Migration20261213010000_webhook_waiting_order.js'))
        .Migration20261213010000_webhook_waiting_order,
  },
  // an answer by SMS finds its visit among the SMS sent to its number, not among every message of the days told
  {
    name: 'Migration20261214010000_texted_order_index',
    load: async () =>
      (await import('./Migration20261214010000_texted_order_index.js')).Migration20261214010000_texted_order_index,
  },
];
