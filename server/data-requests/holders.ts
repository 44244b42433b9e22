import type { EntityManager } from '@mikro-orm/postgresql';
import type { DataSubject, HeldRow, PersonalDataHolder } from '../common/personal-data.js';
import { isUnsubscribed } from '../consumer-links/unsubscribes.js';
import { visitRecordsHolder } from '../visit-records/index.js';
import {
  consumerMessagesHolder,
  consumerRepliesHolder,
  inboundSmsHolder,
  mailOpensHolder,
  orderCallsHolder,
  orderHistoryHolder,
  siteVisitsHolder,
  visitRatingsHolder,
  visitStatusesHolder,
} from './repository/held-data.repository.js';

/**
 * The addresses that asked for no more messages. Kept by an erase: the table holds a keyed hash only, and the person's
 * wish must outlive their data (a later order of theirs is not messaged either).
 */
const unsubscribesHolder: PersonalDataHolder = {
  name: 'unsubscribes',
  async find(em: EntityManager, subject: DataSubject): Promise<HeldRow[]> {
    const rows: HeldRow[] = [];
    for (const email of subject.emails) {
      if (await isUnsubscribed(em, 'EMAIL', email)) rows.push({ channel: 'EMAIL', address: email });
    }
    for (const phone of subject.phones) {
      if (await isUnsubscribed(em, 'SMS', phone)) rows.push({ channel: 'SMS', address: phone });
    }
    return rows;
  },
  erase: () => Promise.resolve(0),
};

/**
 * Everything beside the order itself that holds a person's data (docs/rules.md, Personal data): a domain that keeps
 * more adds its holder here, one line, and the export, the erase and the retention take it in.
 */
export const PERSONAL_DATA_HOLDERS: readonly PersonalDataHolder[] = [
  consumerRepliesHolder,
  visitRatingsHolder,
  visitStatusesHolder,
  visitRecordsHolder,
  orderCallsHolder,
  consumerMessagesHolder,
  unsubscribesHolder,
  inboundSmsHolder,
  siteVisitsHolder,
  mailOpensHolder,
  orderHistoryHolder,
];
