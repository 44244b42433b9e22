import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { AppContext } from '../../context.js';
import { verifyPassword } from '../../common/auth/passwords.js';
import { Role } from '../../common/auth/role.js';
import { officeViewerOf } from '../../common/auth/viewer.js';
import { AppError } from '../../common/errors/app-error.js';
import { CommonError } from '../../common/errors/common.errors.js';
import { onFirstUse } from '../../common/on-first-use.js';
import { Admin } from '../../admins/index.js';
import { AccountType } from '../password-reset-token.entity.js';
import { accountKey, findStaffById, isUsable, type StaffAccount } from '../staff-account.js';
import { trustDevice, trustedDeviceOf } from '../device-cookie.js';
import { startSession, type SessionOwner } from '../staff-session.service.js';
import { CHALLENGE_LIFETIME_SECONDS, readChallenge, signChallenge, type ChallengeClaims } from './challenge.js';
import { newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recovery-codes.js';
import { RecoveryCode } from './recovery-code.entity.js';
import { ownerOf, ownerWhere, secondFactorMethodsOf, secondFactorRequired } from './second-factor-rules.js';
import { SecondFactorError } from './second-factor.errors.js';
import type { SecondFactorProofInput, StaffAccountInput, VerifySecondFactorInput } from './second-factor.inputs.js';
import {
  type SecondFactorChallenge,
  SecondFactorMethod,
  type SecondFactorSignInPayload,
  type SecondFactorStatus,
  type StaffSignInStep,
  type TotpSetup,
} from './second-factor.types.js';
import { SecurityEvent, SecurityEventKind } from './security-event.entity.js';
import { acceptedStep, newTotpSecret, totpUri } from './totp.js';
import { TotpFactor } from './totp-factor.entity.js';

const typeOf = (owner: SessionOwner): AccountType =>
  owner.kind === 'admin' ? AccountType.ADMIN : AccountType.TECHNICIAN;

function wrongCode(): AppError {
  return new AppError(SecondFactorError.SECOND_FACTOR_CODE_INVALID, { message: 'SECOND_FACTOR_CODE_INVALID' });
}

function recordEvent(
  em: EntityManager,
  at: Date,
  kind: SecurityEventKind,
  owner: SessionOwner,
  actor: Admin | null = null,
): void {
  em.create(SecurityEvent, {
    at,
    kind,
    accountKind: owner.kind,
    accountId: owner.id,
    actorAdminId: actor?.id ?? null,
    actorName: actor ? `${actor.firstname} ${actor.lastname}` : null,
  });
}

/** Ten new codes for the account, in the caller's transaction: every earlier code stops working. */
async function issueRecoveryCodes(em: EntityManager, owner: SessionOwner): Promise<string[]> {
  await em.nativeDelete(RecoveryCode, ownerWhere(owner));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const reference = owner.kind === 'admin' ? { admin: owner.id } : { technician: owner.id };
  for (const code of codes) {
    em.create(RecoveryCode, { ...reference, codeHash: recoveryCodeHash(normalizeRecoveryCode(code)!) });
  }
  return codes;
}

/**
 * The account's authenticator app, locked for this transaction: two requests with the same code wait for each other,
 * so only one of them can use it. `confirmed`: only one that is on (sign-in), or only one being set up.
 */
function lockedFactor(em: EntityManager, owner: SessionOwner, confirmed: boolean): Promise<TotpFactor | null> {
  return em.findOne(
    TotpFactor,
    { ...ownerWhere(owner), confirmedAt: confirmed ? { $ne: null } : null },
    { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['secret'] },
  );
}

/**
 * Checks a code of the app against the account's factor (a confirmed one, or the one being set up) and remembers its
 * time step: a code is accepted once. Throws SECOND_FACTOR_CODE_INVALID otherwise. In the caller's transaction.
 */
async function useTotpCode(
  em: EntityManager,
  owner: SessionOwner,
  code: string,
  nowSeconds: number,
  confirmed: boolean,
): Promise<TotpFactor> {
  const factor = await lockedFactor(em, owner, confirmed);
  if (!factor) throw wrongCode();
  const step = await acceptedStep(factor.secret, code, nowSeconds, factor.lastUsedStep);
  if (step === null) throw wrongCode();
  factor.lastUsedStep = step;
  return factor;
}

/** Uses one unused recovery code of the account (in the caller's transaction); false when there is none such. */
async function useRecoveryCode(em: EntityManager, owner: SessionOwner, typed: string, now: Date): Promise<boolean> {
  const code = normalizeRecoveryCode(typed);
  if (code === null) return false;
  const used = await em.nativeUpdate(
    RecoveryCode,
    { ...ownerWhere(owner), codeHash: recoveryCodeHash(code), usedAt: null },
    { usedAt: now },
  );
  return used === 1;
}

/** The QR code maker, loaded at the first set-up of an authenticator app. */
const qrCodes = onFirstUse(() => import('qrcode'));

async function totpSetupOf(issuer: string, email: string, secret: string): Promise<TotpSetup> {
  const [otpauthUri, { default: QRCode }] = await Promise.all([totpUri(issuer, email, secret), qrCodes()]);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Starts (or starts again) the set-up of the account's app: a new key, not asked for until its first code. */
async function newTotpSetup(ctx: AppContext, owner: SessionOwner, email: string): Promise<TotpSetup> {
  const secret = await newTotpSecret();
  await ctx.em.transactional(async (em) => {
    if ((await em.count(TotpFactor, { ...ownerWhere(owner), confirmedAt: { $ne: null } })) > 0) {
      throw new AppError(SecondFactorError.SECOND_FACTOR_STATE, { message: 'TOTP_ALREADY_ON' });
    }
    await em.nativeDelete(TotpFactor, ownerWhere(owner));
    const reference = owner.kind === 'admin' ? { admin: owner.id } : { technician: owner.id };
    em.create(TotpFactor, { ...reference, secret, createdAt: ctx.services.clock.now() });
  });
  const brand = ctx.services.config.brand;
  return totpSetupOf(brand.charAt(0).toUpperCase() + brand.slice(1), email, secret);
}

/**
 * The second step of a staff sign-in (after `SignInService` checked the password), and the set-up of an app that a
 * setting requires at sign-in. Every factor method proves the challenge here; a method a new kind of factor adds
 * gets its branch in `verify`.
 */
export class SecondFactorSignIn {
  constructor(private readonly ctx: AppContext) {}

  /**
   * After the password: the token when no second factor is on or required; else the challenge of the second step.
   * `complete` starts the session (the caller's, so a password-only sign-in stays in one place).
   */
  async afterPassword(account: StaffAccount, complete: () => Promise<string>): Promise<StaffSignInStep> {
    const owner = ownerOf(account);
    const methods = await secondFactorMethodsOf(this.ctx.em, owner);
    const setup = methods.length === 0 && (await secondFactorRequired(this.ctx.em, account));
    if (methods.length === 0 && !setup) return { token: await complete(), secondFactor: null };
    return { token: null, secondFactor: this.challenge({ owner, tokenVersion: account.tokenVersion, setup }, methods) };
  }

  /** Whether the password alone may sign this account in. */
  async passwordSuffices(account: StaffAccount): Promise<boolean> {
    const methods = await secondFactorMethodsOf(this.ctx.em, ownerOf(account));
    return methods.length === 0 && !(await secondFactorRequired(this.ctx.em, account));
  }

  private challenge(claims: ChallengeClaims, methods: SecondFactorMethod[]): SecondFactorChallenge {
    const { config, clock } = this.ctx.services;
    return {
      challenge: signChallenge(config.jwtSecret, clock, claims),
      methods,
      setupRequired: claims.setup,
      expiresAt: new Date((clock.nowSeconds() + CHALLENGE_LIFETIME_SECONDS) * 1000),
    };
  }

  /** The account of a valid challenge, still usable and with the same token version; else SIGN_IN_CHALLENGE_INVALID. */
  private async accountOf(challenge: string): Promise<{ claims: ChallengeClaims; account: StaffAccount }> {
    const { config, clock } = this.ctx.services;
    const claims = readChallenge(config.jwtSecret, clock, challenge);
    const account = claims && (await findStaffById(this.ctx.em, typeOf(claims.owner), claims.owner.id));
    if (!claims || !account || !isUsable(account) || account.tokenVersion !== claims.tokenVersion) {
      throw new AppError(SecondFactorError.SIGN_IN_CHALLENGE_INVALID, { message: 'SIGN_IN_CHALLENGE_INVALID' });
    }
    return { claims, account };
  }

  /** The set-up of an app that a setting requires, right after the password: the challenge stands for the session. */
  async startSetup(challenge: string): Promise<TotpSetup> {
    const { claims, account } = await this.accountOf(challenge);
    if (!claims.setup) throw new AppError(SecondFactorError.SECOND_FACTOR_STATE, { message: 'TOTP_ALREADY_ON' });
    return newTotpSetup(this.ctx, claims.owner, account.email);
  }

  /**
   * Attempts count per account, but those of a device the account signed in on before (with its second factor) count
   * on their own: whoever learnt the password cannot spend the owner's attempts.
   */
  private async countAttempt(account: StaffAccount, owner: SessionOwner): Promise<() => Promise<void>> {
    const { rateLimiter, config, clock } = this.ctx.services;
    const key = accountKey(typeOf(owner), account.email);
    const device = trustedDeviceOf(this.ctx.cookies, config.jwtSecret, key, clock.nowSeconds());
    if (device !== undefined) {
      const deviceKey = `${key}\n${device}`;
      await rateLimiter.consume('SECOND_FACTOR_PER_DEVICE', deviceKey);
      return () => rateLimiter.reset('SECOND_FACTOR_PER_DEVICE', deviceKey);
    }
    await rateLimiter.consumeAll([
      { name: 'SECOND_FACTOR_PER_ACCOUNT', key, message: 'SECOND_FACTOR_ACCOUNT_RATE_LIMITED' },
    ]);
    return async () => undefined;
  }

  /** The second step: a code of the app (which, on a set-up challenge, turns the app on) or a recovery code. */
  async verify(
    input: VerifySecondFactorInput,
    complete: (account: StaffAccount) => Promise<string>,
  ): Promise<SecondFactorSignInPayload> {
    const { claims, account } = await this.accountOf(input.challenge);
    const { owner } = claims;
    const succeeded = await this.countAttempt(account, owner);
    const { clock, config } = this.ctx.services;
    const now = clock.now();
    let recoveryCodes: string[] | null = null;
    let recoveryCodesLeft: number | null = null;
    await this.ctx.em.transactional(async (em) => {
      if (input.method === SecondFactorMethod.TOTP) {
        const factor = await useTotpCode(em, owner, input.code, clock.nowSeconds(), !claims.setup);
        if (claims.setup) {
          factor.confirmedAt = now;
          recoveryCodes = await issueRecoveryCodes(em, owner);
          recordEvent(em, now, SecurityEventKind.TOTP_ENABLED, owner);
        }
      } else if (input.method === SecondFactorMethod.RECOVERY_CODE) {
        if (claims.setup || !(await useRecoveryCode(em, owner, input.code, now))) throw wrongCode();
        recordEvent(em, now, SecurityEventKind.RECOVERY_CODE_USED, owner);
        recoveryCodesLeft = await em.count(RecoveryCode, { ...ownerWhere(owner), usedAt: null });
      } else {
        throw wrongCode();
      }
    });
    await succeeded();
    trustDevice(this.ctx.cookies, config.jwtSecret, accountKey(typeOf(owner), account.email), clock.nowSeconds());
    return { token: await complete(account), recoveryCodes, recoveryCodesLeft };
  }
}

/** A staff member's own second factor (account page), and an admin resetting another's. */
export class SecondFactorService {
  constructor(private readonly ctx: AppContext) {}

  /** The caller's own account: an admin acting as a technician has none here (its own is on the admin's page). */
  private caller(): SessionOwner | null {
    const viewer = this.ctx.viewer;
    const office = officeViewerOf(viewer);
    if (office) return { kind: 'admin', id: office.adminId };
    if (viewer?.role === Role.TECHNICIAN) {
      return viewer.actingAdminId === null ? { kind: 'technician', id: viewer.technicianId } : null;
    }
    throw new AppError(CommonError.FORBIDDEN);
  }

  private own(): SessionOwner {
    const owner = this.caller();
    if (!owner) throw new AppError(CommonError.FORBIDDEN);
    return owner;
  }

  private async account(owner: SessionOwner, withPassword = false): Promise<StaffAccount> {
    const account = await findStaffById(this.ctx.em, typeOf(owner), owner.id, withPassword);
    if (!account) throw new AppError(CommonError.NOT_FOUND);
    return account;
  }

  async status(): Promise<SecondFactorStatus | null> {
    const owner = this.caller();
    if (!owner) return null;
    const account = await this.account(owner);
    const methods = await secondFactorMethodsOf(this.ctx.em, owner);
    return {
      totpEnabled: methods.includes(SecondFactorMethod.TOTP),
      recoveryCodesLeft: await this.ctx.em.count(RecoveryCode, { ...ownerWhere(owner), usedAt: null }),
      required: await secondFactorRequired(this.ctx.em, account),
    };
  }

  async startSetup(): Promise<TotpSetup> {
    const owner = this.own();
    return newTotpSetup(this.ctx, owner, (await this.account(owner)).email);
  }

  /** The first code of the app turns it on; the ten recovery codes are made with it. */
  async confirmSetup(code: string): Promise<string[]> {
    const owner = this.own();
    await this.ctx.services.rateLimiter.consume('SECOND_FACTOR_PER_DEVICE', this.sessionKey(owner));
    const { clock } = this.ctx.services;
    return this.ctx.em.transactional(async (em) => {
      const factor = await useTotpCode(em, owner, code, clock.nowSeconds(), false);
      factor.confirmedAt = clock.now();
      recordEvent(em, clock.now(), SecurityEventKind.TOTP_ENABLED, owner);
      return issueRecoveryCodes(em, owner);
    });
  }

  /** Attempts of a signed-in proof count per session: nobody else can spend them. */
  private sessionKey(owner: SessionOwner): string {
    const viewer = this.ctx.viewer;
    const session = viewer && 'sessionId' in viewer ? viewer.sessionId : undefined;
    return `signed-in:${owner.kind}:${owner.id}\n${session ?? ''}`;
  }

  /** A current code of the app or the password, in the caller's transaction; SECOND_FACTOR_CODE_INVALID otherwise. */
  private async prove(em: EntityManager, owner: SessionOwner, proof: SecondFactorProofInput): Promise<void> {
    await this.ctx.services.rateLimiter.consume('SECOND_FACTOR_PER_DEVICE', this.sessionKey(owner));
    if (proof.code) {
      await useTotpCode(em, owner, proof.code, this.ctx.services.clock.nowSeconds(), true);
      return;
    }
    const account = await this.account(owner, true);
    if (!(await verifyPassword(account.passwordHash, proof.password ?? ''))) throw wrongCode();
  }

  private async on(em: EntityManager, owner: SessionOwner): Promise<void> {
    if ((await em.count(TotpFactor, { ...ownerWhere(owner), confirmedAt: { $ne: null } })) === 0) {
      throw new AppError(SecondFactorError.SECOND_FACTOR_STATE, { message: 'TOTP_NOT_ON' });
    }
  }

  /** Turns the app off (and its recovery codes): refused while a setting requires a second factor of the account. */
  async turnOff(proof: SecondFactorProofInput): Promise<void> {
    const owner = this.own();
    if (await secondFactorRequired(this.ctx.em, await this.account(owner))) {
      throw new AppError(SecondFactorError.SECOND_FACTOR_STATE, { message: 'SECOND_FACTOR_REQUIRED_BY_SETTING' });
    }
    const now = this.ctx.services.clock.now();
    await this.ctx.em.transactional(async (em) => {
      await this.on(em, owner);
      await this.prove(em, owner, proof);
      await em.nativeDelete(TotpFactor, ownerWhere(owner));
      await em.nativeDelete(RecoveryCode, ownerWhere(owner));
      recordEvent(em, now, SecurityEventKind.TOTP_DISABLED, owner);
    });
  }

  async renewRecoveryCodes(proof: SecondFactorProofInput): Promise<string[]> {
    const owner = this.own();
    const now = this.ctx.services.clock.now();
    return this.ctx.em.transactional(async (em) => {
      await this.on(em, owner);
      await this.prove(em, owner, proof);
      recordEvent(em, now, SecurityEventKind.RECOVERY_CODES_RENEWED, owner);
      return issueRecoveryCodes(em, owner);
    });
  }

  /**
   * Another admin removes an account's second factor (its device is lost): recorded with that admin's name. The
   * account signs in with its password next; a setting that requires a factor then leads it to set up a new one.
   */
  async reset(input: StaffAccountInput): Promise<number> {
    const viewer = officeViewerOf(this.ctx.viewer);
    if (viewer?.role !== Role.ADMIN) throw new AppError(CommonError.FORBIDDEN);
    const hasAdmin = input.adminId !== null && input.adminId !== undefined;
    const hasTechnician = input.technicianId !== null && input.technicianId !== undefined;
    if (hasAdmin === hasTechnician) {
      throw new AppError(CommonError.BAD_USER_INPUT, { message: 'STAFF_ACCOUNT_ONE_OF' });
    }
    const owner: SessionOwner = hasAdmin
      ? { kind: 'admin', id: input.adminId! }
      : { kind: 'technician', id: input.technicianId! };
    if (owner.kind === 'admin' && owner.id === viewer.adminId) {
      throw new AppError(SecondFactorError.OWN_SECOND_FACTOR, { message: 'OWN_SECOND_FACTOR' });
    }
    await this.account(owner);
    const now = this.ctx.services.clock.now();
    return this.ctx.em.transactional(async (em) => {
      const actor = await em.findOneOrFail(Admin, { id: viewer.adminId });
      await em.nativeDelete(TotpFactor, ownerWhere(owner));
      await em.nativeDelete(RecoveryCode, ownerWhere(owner));
      recordEvent(em, now, SecurityEventKind.SECOND_FACTOR_RESET, owner, actor);
      return owner.id;
    });
  }
}

/** Signs the account in once every step is proven: its session and its token. */
export async function completeSignIn(ctx: AppContext, account: StaffAccount): Promise<string> {
  const owner = ownerOf(account);
  if (owner.kind === 'technician') {
    const technician = account as Exclude<StaffAccount, Admin>;
    technician.lastOnline = ctx.services.clock.now();
    await ctx.em.flush();
    const sessionId = await startSession(ctx, owner);
    return ctx.services.tokens.signTechnician(technician, undefined, sessionId);
  }
  const sessionId = await startSession(ctx, owner);
  return ctx.services.tokens.signAdmin(account, sessionId);
}
