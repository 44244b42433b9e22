import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { mobileNumberE164, normalizeEmailAddress } from '../orders/index.js';
import { ConsumerUnsubscribe, type MessageChannel } from './consumer-unsubscribe.entity.js';
import { UnsubscribeRepository } from './repository/unsubscribe.repository.js';
import { isPlainEmailAddress } from '../../shared/text.js';

/** A key of its own, derived from the server secret: the hashes match nothing else signed with it. */
const PURPOSE = 'tijdvak:unsubscribe:v1';

/**
 * The hashing key by ORM configuration (shared by every EntityManager forked from one ORM), so the
 * message senders ask with nothing but their EntityManager. Kept outside the database on purpose: a copy
 * of the table alone cannot be matched against a list of phone numbers.
 */
const keysByOrm = new WeakMap<object, KeyObject>();

/** Called once where the ORM is opened, with the server secret. */
export function registerUnsubscribeKey(orm: { config: object }, serverSecret: string): void {
  // A KeyObject, not the bytes: Node re-imports a Buffer key on every HMAC, several times slower.
  keysByOrm.set(orm.config, createSecretKey(createHmac('sha256', serverSecret).update(PURPOSE).digest()));
}

function keyFor(em: EntityManager): KeyObject {
  const key = keysByOrm.get(em.config);
  if (!key) throw new Error('The unsubscribe key was not registered for this ORM (registerUnsubscribeKey)');
  return key;
}

/**
 * One spelling per mailbox and per phone: e-mail without spaces in lower case, a mobile number in E.164.
 * Null when the address can take no message on that channel (not one plain e-mail address, e.g. a list or a
 * display name stored before the rule was strict; not a Dutch or Belgian mobile number).
 */
export function normalizedAddress(channel: MessageChannel, address: string): string | null {
  if (channel === 'EMAIL') {
    const email = normalizeEmailAddress(address);
    return isPlainEmailAddress(email) ? email : null;
  }
  return mobileNumberE164(address);
}

function addressHash(em: EntityManager, channel: MessageChannel, address: string): string | null {
  const normalized = normalizedAddress(channel, address);
  if (normalized === null) return null;
  return createHmac('sha256', keyFor(em)).update(`${channel}|${normalized}`).digest('base64url');
}

/**
 * Whether the address asked for no more messages on the channel. The address in any notation: an e-mail
 * address in any case; a phone number in E.164 or any notation with its calling code (a national number
 * is read by its mobile prefix, see `mobileNumberE164`).
 */
export async function isUnsubscribed(em: EntityManager, channel: MessageChannel, address: string): Promise<boolean> {
  const hash = addressHash(em, channel, address);
  if (hash === null) return false;
  return (await em.count(ConsumerUnsubscribe, { channel, addressHash: hash })) > 0;
}

/** An address of a message, as the senders hold it. */
export interface MessageAddress {
  channel: MessageChannel;
  address: string;
}

/**
 * Which of the addresses asked for no more messages on their channel, in one statement (a batch of
 * messages asks once): the given addresses that did, as `${channel}|${address}`. Run mostly by the message jobs,
 * whose statements carry the jobs' log label; a request's read (`job: false`) carries none, so it counts as the
 * request's own.
 */
export async function unsubscribedAmong(
  em: SqlEntityManager,
  addresses: readonly MessageAddress[],
  { job = true }: { job?: boolean } = {},
): Promise<Set<string>> {
  const givenByHash = new Map<string, string[]>();
  for (const { channel, address } of addresses) {
    const hash = addressHash(em, channel, address);
    if (hash === null) continue;
    const key = `${channel}|${hash}`;
    givenByHash.set(key, [...(givenByHash.get(key) ?? []), `${channel}|${address}`]);
  }
  if (givenByHash.size === 0) return new Set();
  const hashes = [...new Set([...givenByHash.keys()].map((key) => key.slice(key.indexOf('|') + 1)))];
  const rows = await new UnsubscribeRepository(em, job ? JOB_LOG_CONTEXT : undefined).withHashes(hashes);
  return new Set(rows.flatMap((row) => givenByHash.get(`${row.channel}|${row.address_hash}`) ?? []));
}

/**
 * Stops the messages on the channel to the address; doing it again changes nothing. False when the
 * address can take no message on that channel (there is nothing to stop).
 */
export async function unsubscribe(
  em: SqlEntityManager,
  channel: MessageChannel,
  address: string,
  now: Date,
): Promise<boolean> {
  const hash = addressHash(em, channel, address);
  if (hash === null) return false;
  await new UnsubscribeRepository(em).insertOnce(channel, hash, now);
  return true;
}

/**
 * Lets the messages on the channel to the address go again (the consumer asked for them back); false when the address
 * can take no message on that channel. Nothing stored: nothing changes.
 */
export async function resubscribe(em: SqlEntityManager, channel: MessageChannel, address: string): Promise<boolean> {
  const hash = addressHash(em, channel, address);
  if (hash === null) return false;
  await new UnsubscribeRepository(em).remove(channel, hash);
  return true;
}
