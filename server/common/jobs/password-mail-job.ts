import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../auth/role.js';
import type { Language } from '../locale.js';
import type { JobQueue } from './job-queue.js';

/**
 * The job queue of first-password mails: a new account is mailed by the server, retried while the mail server is
 * down. Here, beside the queue, because the domains that create accounts queue it and the accounts domain sends it.
 */
export const PASSWORD_MAIL_QUEUE = 'accounts.password-mail';

export interface PasswordMailJob {
  role: Role.ADMIN | Role.TECHNICIAN;
  accountId: number;
  /** The language of the admin who created the account: the office's language. */
  language: Language;
}

/**
 * Queues the mail that lets a new account set its password, in the transaction that creates the account: both
 * happen or neither. One job per account (its singleton key), so a retried request cannot mail twice.
 */
export async function queuePasswordMail(jobs: JobQueue, em: EntityManager, job: PasswordMailJob): Promise<void> {
  await jobs.send(PASSWORD_MAIL_QUEUE, job, { em, singletonKey: `${job.role}:${job.accountId}` });
}
