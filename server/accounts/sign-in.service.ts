import type { AppContext } from '../context.js';
import { verifyPassword } from '../common/auth/passwords.js';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Admin } from '../admins/admin.entity.js';
import { Technician } from '../technicians/index.js';
import { AccountError } from './account.errors.js';
import type { SignInInput } from './account.inputs.js';
import { AccountType } from './password-reset-token.entity.js';
import { normalizeEmail } from '../common/person-fields.js';
import { trustDevice, trustedDeviceOf } from './device-cookie.js';
import { completeSignIn, SecondFactorSignIn } from './second-factor/second-factor.service.js';
import { SecondFactorError } from './second-factor/second-factor.errors.js';
import type { StaffSignInStep } from './second-factor/second-factor.types.js';
import { accountClientKey, accountKey, findStaffByEmail, isUsable, type StaffAccount } from './staff-account.js';

export class SignInService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Signs a technician in and records the moment as its last login. With a second factor on or required:
   * SECOND_FACTOR_REQUIRED (the two-step sign-in, `begin`, is for those).
   */
  async signInTechnician(input: SignInInput): Promise<string> {
    const technician = (await this.verifyPasswordOnly(AccountType.TECHNICIAN, input)) as Technician;
    return completeSignIn(this.ctx, technician);
  }

  /** Signs an office account in, whatever its role: the token names the account and its new session. */
  async signInAdmin(input: SignInInput): Promise<string> {
    const admin = (await this.verifyPasswordOnly(AccountType.ADMIN, input)) as Admin;
    return completeSignIn(this.ctx, admin);
  }

  /**
   * The first step of the two-step sign-in: the password, then the token, or the challenge of a second factor. The
   * device is trusted (its cookie set) only once every step is proven, so the password alone earns no device cookie
   * of an account with a second factor.
   */
  async begin(type: AccountType, input: SignInInput): Promise<StaffSignInStep> {
    const { account, trust } = await this.verify(type, input);
    return new SecondFactorSignIn(this.ctx).afterPassword(account, () => {
      trust();
      return completeSignIn(this.ctx, account);
    });
  }

  private async verifyPasswordOnly(type: AccountType, input: SignInInput): Promise<StaffAccount> {
    const { account, trust } = await this.verify(type, input);
    if (!(await new SecondFactorSignIn(this.ctx).passwordSuffices(account))) {
      throw new AppError(SecondFactorError.SECOND_FACTOR_REQUIRED, { message: 'SECOND_FACTOR_REQUIRED' });
    }
    trust();
    return account;
  }

  /** A technician token for the signed-in admin, who opens the technician area as that technician. */
  async signInAsTechnician(technicianId: number): Promise<string> {
    const viewer = this.ctx.viewer;
    // A staff member's own act: an application's key (no scope opens it anyway) is refused.
    if (viewer?.role !== Role.ADMIN || viewer.adminId === null) throw new AppError(CommonError.FORBIDDEN);
    const technician = await this.ctx.em.findOne(Technician, { id: technicianId });
    if (!technician) throw new AppError(CommonError.NOT_FOUND);
    // Loaded by the authentication of this request: no second query.
    const admin = await this.ctx.em.findOneOrFail(Admin, { id: viewer.adminId });
    // The admin's own session: signing that device out ends the technician area it opened too.
    return this.ctx.services.tokens.signTechnician(technician, admin, viewer.sessionId);
  }

  /**
   * Unknown e-mail, wrong password, no password yet and inactive admin all give NO_USER_FOUND, and all
   * run one full password verification, so neither the answer nor its timing tells them apart.
   */
  private async verify(type: AccountType, input: SignInInput): Promise<{ account: StaffAccount; trust: () => void }> {
    const { rateLimiter, config, clock } = this.ctx.services;
    const email = normalizeEmail(input.email);
    const account = accountKey(type, email);
    const device = trustedDeviceOf(this.ctx.cookies, config.jwtSecret, account, clock.nowSeconds());
    // A device that signed in to the account before is counted on its own: strangers' failures, on the
    // account or from the same network, never refuse its holder.
    const deviceKey = `${account}\n${device}`;
    const accountClient = accountClientKey(type, email, this.ctx.clientKey);
    // In this order, each counting only while the ones before it allow the attempt: a client over its
    // own budget no longer eats into the account's budget for everyone else.
    await rateLimiter.consumeAll(
      device !== undefined
        ? [{ name: 'SIGN_IN_PER_DEVICE', key: deviceKey }]
        : [
            { name: 'SIGN_IN_PER_CLIENT', key: this.ctx.clientKey },
            { name: 'SIGN_IN_PER_ACCOUNT_CLIENT', key: accountClient },
            { name: 'SIGN_IN_PER_ACCOUNT', key: account, message: 'SIGN_IN_ACCOUNT_RATE_LIMITED' },
          ],
    );
    const found = await findStaffByEmail(this.ctx.em, type, email, true);
    const passwordMatches = await verifyPassword(found?.passwordHash, input.password);
    if (!found || !passwordMatches || !isUsable(found)) throw new AppError(AccountError.NO_USER_FOUND);
    if (device !== undefined) await rateLimiter.reset('SIGN_IN_PER_DEVICE', deviceKey);
    else await rateLimiter.reset('SIGN_IN_PER_ACCOUNT_CLIENT', accountClient);
    return {
      account: found,
      trust: () => trustDevice(this.ctx.cookies, config.jwtSecret, account, clock.nowSeconds(), device),
    };
  }
}
