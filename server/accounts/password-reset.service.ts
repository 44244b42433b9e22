import { LockMode } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { hashPassword } from '../common/auth/passwords.js';
import { normalizeEmail } from '../common/person-fields.js';
import { isOfficeRole } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { AccountError } from './account.errors.js';
import { endSessionsOf } from './staff-session.service.js';
import type { NewPasswordInput, PasswordResetRequestInput } from './account.inputs.js';
import { PASSWORD_MAX_LENGTH } from '../../shared/staff.js';
import { runInBackground } from './background.js';
import { trustDevice } from './device-cookie.js';
import { mailPasswordLink } from './password-mail.js';
import { AccountType, PasswordResetToken } from './password-reset-token.entity.js';
import { hashResetToken, looksLikeResetToken } from './reset-token.js';
import {
  accountClientKey,
  accountKey,
  findStaffByEmail,
  findStaffById,
  isUsable,
  PASSWORD_MIN_LENGTH,
} from './staff-account.js';

export class PasswordResetService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Answers EMAIL_SENT or NO_USER_FOUND after the same work for known and unknown addresses: the
   * token and the mail are made after the answer has gone out.
   */
  async request(type: AccountType, input: PasswordResetRequestInput): Promise<void> {
    const { rateLimiter } = this.ctx.services;
    const email = normalizeEmail(input.email);
    // Refused per client only, never per account: a stranger's calls must not cost the owner a link. The
    // mails an account gets are capped after the answer (mailPasswordLink). An admin sending links for the
    // office's staff must not run out of the budget meant for anonymous callers.
    if (!isOfficeRole(this.ctx.viewer?.role)) {
      await rateLimiter.consumeAll([
        { name: 'PASSWORD_RESET_PER_CLIENT', key: this.ctx.clientKey },
        { name: 'PASSWORD_RESET_PER_ACCOUNT_CLIENT', key: accountClientKey(type, email, this.ctx.clientKey) },
      ]);
    }
    const account = await findStaffByEmail(this.ctx.em, type, email);
    if (!account || !isUsable(account)) throw new AppError(AccountError.NO_USER_FOUND, { message: 'UNKNOWN_EMAIL' });
    const recipient = { id: account.id, email: account.email, firstname: account.firstname };
    const language = this.ctx.language;
    runInBackground(this.ctx.log, 'password reset mail', () =>
      mailPasswordLink(this.ctx.services, this.ctx.log, type, recipient, language),
    );
  }

  /** Sets the password of the token's account; the token, every other reset link and every session end. */
  async reset(type: AccountType, input: NewPasswordInput): Promise<void> {
    const { rateLimiter, clock } = this.ctx.services;
    await rateLimiter.consume('PASSWORD_RESET_PER_CLIENT', this.ctx.clientKey);
    const min = PASSWORD_MIN_LENGTH[type];
    if (input.password.length < min) {
      throw new AppError(AccountError.PASSWORD_TOO_SHORT, {
        params: { min },
        fields: [{ field: 'password', message: 'PASSWORD_TOO_SHORT', params: { min } }],
      });
    }
    if (input.password.length > PASSWORD_MAX_LENGTH) {
      throw new AppError(AccountError.PASSWORD_TOO_LONG, {
        params: { max: PASSWORD_MAX_LENGTH },
        fields: [{ field: 'password', message: 'PASSWORD_TOO_LONG', params: { max: PASSWORD_MAX_LENGTH } }],
      });
    }
    const token = input.token.trim();
    if (!looksLikeResetToken(token)) throw new AppError(AccountError.INVALID_TOKEN);
    const email = await this.ctx.em.transactional(async (em) => {
      // Locked, so two uses of one link at the same moment cannot both succeed.
      const row = await em.findOne(
        PasswordResetToken,
        { tokenHash: hashResetToken(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const now = clock.now();
      if (!row || row.accountType !== type || row.usedAt !== null || row.expiresAt <= now) {
        throw new AppError(AccountError.INVALID_TOKEN);
      }
      const account = await findStaffById(em, type, row.accountId);
      if (!account || !isUsable(account)) throw new AppError(AccountError.INVALID_TOKEN);
      account.passwordHash = await hashPassword(input.password);
      account.tokenVersion += 1;
      // The sessions of the old password end, their devices' rows and open live streams included (on every instance).
      await endSessionsOf(em, { kind: type === AccountType.ADMIN ? 'admin' : 'technician', id: account.id });
      row.usedAt = now;
      await em.nativeDelete(PasswordResetToken, { accountType: type, accountId: account.id, id: { $ne: row.id } });
      return account.email;
    });
    // Failed sign-ins before the reset no longer hold the account back (those of other addresses
    // than this one expire with their window: their keys cannot be listed).
    await rateLimiter.reset('SIGN_IN_PER_ACCOUNT', accountKey(type, email));
    await rateLimiter.reset('SIGN_IN_PER_ACCOUNT_CLIENT', accountClientKey(type, email, this.ctx.clientKey));
    // The link came from the account's mailbox: this browser is the owner's, and signs in on its own budget.
    trustDevice(this.ctx.cookies, this.ctx.services.config.jwtSecret, accountKey(type, email), clock.nowSeconds());
  }
}
