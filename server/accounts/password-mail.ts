import type { Logger } from 'pino';
import type { AppServices } from '../context.js';
import { Role } from '../common/auth/role.js';
import { PASSWORD_MAIL_QUEUE, type PasswordMailJob } from '../common/jobs/password-mail-job.js';
import type { Language } from '../common/locale.js';
import { passwordResetMail } from './password-reset-mail.js';
import { AccountType, PasswordResetToken } from './password-reset-token.entity.js';
import { newResetToken } from './reset-token.js';
import { accountKey, findStaffById, isUsable, NEW_PASSWORD_PATH } from './staff-account.js';

export interface MailRecipient {
  id: number;
  email: string;
  firstname: string;
}

const displayBrand = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** The job: mails the account its link, unless it was removed, deactivated or has set a password meanwhile. */
export async function mailNewAccount(services: AppServices, job: PasswordMailJob): Promise<void> {
  const type = job.role === Role.ADMIN ? AccountType.ADMIN : AccountType.TECHNICIAN;
  const account = await findStaffById(services.orm.em.fork(), type, job.accountId, true);
  if (!account || !isUsable(account) || account.passwordHash !== null) return;
  const recipient = { id: account.id, email: account.email, firstname: account.firstname };
  const log = services.logger.child({ job: PASSWORD_MAIL_QUEUE });
  await mailPasswordLink(services, log, type, recipient, job.language);
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
