import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { AppServices } from '../context.js';
import type { Language } from '../common/locale.js';
import { passwordResetMail } from './password-reset-mail.js';
import { AccountType, PasswordResetToken } from './password-reset-token.entity.js';
import { newResetToken } from './reset-token.js';
import { accountKey, findStaffById, isUsable, NEW_PASSWORD_PATH } from './staff-account.js';

/** The job queue of first-password mails: a new account is mailed by the server, retried while the mail server is down. */
export const PASSWORD_MAIL_QUEUE = 'accounts.password-mail';

export interface PasswordMailJob {
  type: AccountType;
  accountId: number;
  /** The language of the admin who created the account: the office's language. */
  language: Language;
}

export interface MailRecipient {
  id: number;
  email: string;
  firstname: string;
}

const displayBrand = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/**
 * Queues the mail that lets a new account set its password, in the transaction that creates the account: both
 * happen or neither. One job per account (its singleton key), so a retried request cannot mail twice.
 */
export async function queuePasswordMail(
  services: Pick<AppServices, 'jobs'>,
  em: EntityManager,
  job: PasswordMailJob,
): Promise<void> {
  await services.jobs.send(PASSWORD_MAIL_QUEUE, job, { em, singletonKey: `${job.type}:${job.accountId}` });
}

/** The job: mails the account its link, unless it was removed, deactivated or has set a password meanwhile. */
export async function mailNewAccount(services: AppServices, job: PasswordMailJob): Promise<void> {
  const account = await findStaffById(services.orm.em.fork(), job.type, job.accountId, true);
  if (!account || !isUsable(account) || account.passwordHash !== null) return;
  const recipient = { id: account.id, email: account.email, firstname: account.firstname };
  const log = services.logger.child({ job: PASSWORD_MAIL_QUEUE });
  await mailPasswordLink(services, log, job.type, recipient, job.language);
}

/**
 * Mails a new link, unless the account was mailed one moments ago (PASSWORD_RESET_MAILS_PER_ACCOUNT, whose
 * window is shorter than a link lives): then that link, still valid, is the one to use. Earlier links stay
 * valid until they expire or one is used, so a stranger's request never spoils the link the owner is using.
 * An account without a password yet gets the welcome text.
 */
export async function mailPasswordLink(
  services: AppServices,
  log: Logger,
  type: AccountType,
  recipient: MailRecipient,
  language: Language,
): Promise<void> {
  const { orm, clock, config, mailer, rateLimiter } = services;
  if (!(await rateLimiter.allows('PASSWORD_RESET_MAILS_PER_ACCOUNT', accountKey(type, recipient.email)))) {
    log.info('password link not mailed: the link mailed minutes before still works');
    return;
  }
  const { token, hash } = newResetToken();
  const welcome = await orm.em.fork().transactional(async (em) => {
    const account = await findStaffById(em, type, recipient.id, true);
    if (!account) return null;
    const now = clock.now();
    await em.nativeDelete(PasswordResetToken, { expiresAt: { $lt: now } });
    em.create(PasswordResetToken, {
      tokenHash: hash,
      accountType: type,
      accountId: recipient.id,
      expiresAt: new Date(now.getTime() + config.passwordResetTtlMinutes * 60_000),
      usedAt: null,
      createdAt: now,
    });
    return account.passwordHash === null;
  });
  if (welcome === null) return;
  const link = `${config.appUrl}${NEW_PASSWORD_PATH[type]}${token}`;
  await mailer.send(
    passwordResetMail({
      to: recipient.email,
      firstname: recipient.firstname,
      link,
      validMinutes: config.passwordResetTtlMinutes,
      brand: displayBrand(config.brand),
      welcome,
      language,
    }),
  );
  // Without SMTP the mail only lands in the outbox; a developer finds the link faster in the log.
  if (!config.smtpUrl) log.info({ to: recipient.email, link }, 'password link written to the outbox');
}
