import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121000000_initial } from './Migration20261121000000_initial.js';
import { Migration20261121050000_schedule_confirmed_by } from './Migration20261121050000_schedule_confirmed_by.js';
import { Migration20261121060000_orders_by_appointment } from './Migration20261121060000_orders_by_appointment.js';
import { Migration20261121070000_import_jobs } from './Migration20261121070000_import_jobs.js';
import { Migration20261121080000_statistics_indexes } from './Migration20261121080000_statistics_indexes.js';
import { Migration20261121100000_consumer_replies } from './Migration20261121100000_consumer_replies.js';
import { Migration20261121110000_order_events } from './Migration20261121110000_order_events.js';
import { Migration20261123100000_import_claim } from './Migration20261123100000_import_claim.js';
import { Migration20261125100000_visit_statuses } from './Migration20261125100000_visit_statuses.js';
import { Migration20261125120000_order_search } from './Migration20261125120000_order_search.js';
import { Migration20261126000000_consumer_unsubscribes } from './Migration20261126000000_consumer_unsubscribes.js';
import { Migration20261126010000_consumer_messages } from './Migration20261126010000_consumer_messages.js';
import { Migration20261126030000_import_status_default } from './Migration20261126030000_import_status_default.js';
import { Migration20261126031500_consumer_message_purge } from './Migration20261126031500_consumer_message_purge.js';
import { Migration20261126033000_order_street } from './Migration20261126033000_order_street.js';
import { Migration20261126060000_visit_ratings } from './Migration20261126060000_visit_ratings.js';
import { Migration20261126060000_order_calls } from './Migration20261126060000_order_calls.js';
import { Migration20261126091500_order_first_lookup } from './Migration20261126091500_order_first_lookup.js';
import { Migration20261126094500_order_search_text } from './Migration20261126094500_order_search_text.js';
import { Migration20261126123000_consumer_message_rounds } from './Migration20261126123000_consumer_message_rounds.js';
import { Migration20261126124500_consumer_mail_sent_index } from './Migration20261126124500_consumer_mail_sent_index.js';
import { Migration20261126161500_order_email_prefix_index } from './Migration20261126161500_order_email_prefix_index.js';
import { Migration20261126130000_consumer_message_failure_code } from './Migration20261126130000_consumer_message_failure_code.js';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261121000000_initial', class: Migration20261121000000_initial },
  { name: 'Migration20261121050000_schedule_confirmed_by', class: Migration20261121050000_schedule_confirmed_by },
  { name: 'Migration20261121060000_orders_by_appointment', class: Migration20261121060000_orders_by_appointment },
  { name: 'Migration20261121070000_import_jobs', class: Migration20261121070000_import_jobs },
  { name: 'Migration20261121080000_statistics_indexes', class: Migration20261121080000_statistics_indexes },
  { name: 'Migration20261121100000_consumer_replies', class: Migration20261121100000_consumer_replies },
  // audit trail
  { name: 'Migration20261121110000_order_events', class: Migration20261121110000_order_events },
  { name: 'Migration20261123100000_import_claim', class: Migration20261123100000_import_claim },
  { name: 'Migration20261125100000_visit_statuses', class: Migration20261125100000_visit_statuses },
  { name: 'Migration20261125120000_order_search', class: Migration20261125120000_order_search },
  // personal links: unsubscribed addresses, hashed
  { name: 'Migration20261126000000_consumer_unsubscribes', class: Migration20261126000000_consumer_unsubscribes },
  { name: 'Migration20261126010000_consumer_messages', class: Migration20261126010000_consumer_messages },
  { name: 'Migration20261126030000_import_status_default', class: Migration20261126030000_import_status_default },
  // consumer messages: addresses removed a while after the visit
  { name: 'Migration20261126031500_consumer_message_purge', class: Migration20261126031500_consumer_message_purge },
  // full addresses: street and house-number addition
  { name: 'Migration20261126033000_order_street', class: Migration20261126033000_order_street },
  // the consumer's rating of a finished visit
  { name: 'Migration20261126060000_visit_ratings', class: Migration20261126060000_visit_ratings },
  // the call list: the last call's status per order
  { name: 'Migration20261126060000_order_calls', class: Migration20261126060000_order_calls },
  // "informed?" kept per order, for the order list's filter
  { name: 'Migration20261126091500_order_first_lookup', class: Migration20261126091500_order_first_lookup },
  // the search's folded text stored, and carried by the appointment index
  { name: 'Migration20261126094500_order_search_text', class: Migration20261126094500_order_search_text },
  // consumer messages: a restored order is told again, each delete and restore a round of its own
  { name: 'Migration20261126123000_consumer_message_rounds', class: Migration20261126123000_consumer_message_rounds },
  // the statistics' mail reads: the sent mails of a period
  { name: 'Migration20261126124500_consumer_mail_sent_index', class: Migration20261126124500_consumer_mail_sent_index },
  // consumer messages: why one failed or was skipped, as a code with texts
  {
    name: 'Migration20261126130000_consumer_message_failure_code',
    class: Migration20261126130000_consumer_message_failure_code,
  },
  // the order search: an e-mail address by its start
  { name: 'Migration20261126161500_order_email_prefix_index', class: Migration20261126161500_order_email_prefix_index },
];
