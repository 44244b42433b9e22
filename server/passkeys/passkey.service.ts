import { createHash, randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { LockMode } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { Role } from '../common/auth/role.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { onFirstUse } from '../common/on-first-use.js';
import { Admin } from '../admins/index.js';
import { Technician } from '../technicians/index.js';
import { ownAccountOf, SecurityEvent, SecurityEventKind, signInStaff, type SessionOwner } from '../accounts/index.js';
import { PASSKEY_NAME_MAX, PASSKEYS_PER_ACCOUNT } from '../../shared/passkeys.js';
import { fullName } from '../../shared/staff.js';
import { hasForbiddenNameCharacters } from '../../shared/text.js';
import { Passkey } from './passkey.entity.js';
import { PasskeyCeremony, PasskeyChallenge } from './passkey-challenge.entity.js';
import { PasskeyError } from './passkey.errors.js';
import type { AddPasskeyInput, PasskeySignInInput } from './passkey.inputs.js';
import type { PasskeyOptionsPayload } from './passkey.types.js';
import { PasskeyChallengeRepository } from './repository/passkey-challenge.repository.js';

/** The WebAuthn library (with its certificate parsers), loaded at the first passkey ceremony. */
const webAuthn = onFirstUse(() => import('@simplewebauthn/server'));

/** How long a browser has to answer a challenge: the time to touch a key or unlock a phone, and some. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_ID_BYTES = 16;

const ownerFilter = (owner: SessionOwner) => (owner.kind === 'admin' ? { admin: owner.id } : { technician: owner.id });

/**
 * The WebAuthn user handle of an account: stable, opaque, nothing personal. An authenticator keeps one passkey per
 * handle and site, and answers a sign-in with it, which must be the passkey's owner's.
 */
function userHandleOf(owner: SessionOwner): Uint8Array<ArrayBuffer> {
  const digest = createHash('sha256').update(`staff:${owner.kind}:${owner.id}`).digest();
  return new Uint8Array(digest.subarray(0, 16));
}

const ownerOf = (passkey: Passkey): SessionOwner =>
  passkey.admin ? { kind: 'admin', id: passkey.admin.id } : { kind: 'technician', id: passkey.technician!.id };

/** The browser's answer as JSON: an object with an id and a response; anything else is refused before the check. */
function parseAnswer<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(json: string): T {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new AppError(PasskeyError.PASSKEY_REFUSED);
  }
  const answer = value as Partial<Record<'id' | 'rawId' | 'type' | 'response', unknown>> | null;
  if (
    typeof answer !== 'object' ||
    answer === null ||
    typeof answer.id !== 'string' ||
    typeof answer.rawId !== 'string' ||
    answer.type !== 'public-key' ||
    typeof answer.response !== 'object' ||
    answer.response === null
  ) {
    throw new AppError(PasskeyError.PASSKEY_REFUSED);
  }
  return value as T;
}

/** The name as stored: NFC, trimmed, one line, 1 to PASSKEY_NAME_MAX characters. */
function checkName(typed: string): string {
  const name = typed.normalize('NFC').trim();
  let problem: FieldProblem | undefined;
  if (name === '') problem = { field: 'name', message: 'FIELD_REQUIRED' };
  else if (hasForbiddenNameCharacters(name)) problem = { field: 'name', message: 'NAME_CHARACTERS' };
  else if ([...name].length > PASSKEY_NAME_MAX) {
    problem = { field: 'name', message: 'FIELD_TOO_LONG', params: { max: PASSKEY_NAME_MAX } };
  }
  if (problem) throw new AppError(CommonError.BAD_USER_INPUT, { fields: [problem] });
  return name;
}

/**
 * Passkeys of staff (docs/decisions/security.md, Staff accounts): a signed-in staff member adds, lists and removes their
 * own; anyone signs in with one alone (the browser offers the site's passkeys, no e-mail typed), which asks the
 * authenticator to verify its user, so it counts as two factors; an admin removes another account's, recorded.
 */
export class PasskeyService {
  constructor(private readonly ctx: AppContext) {}

  private get now(): Date {
    return this.ctx.services.clock.now();
  }

  /** A new challenge, kept for any instance to check; expired ones go with it (no job). */
  private async newChallenge(
    challenge: string,
    origin: string,
    ceremony: PasskeyCeremony,
    owner?: SessionOwner,
  ): Promise<string> {
    const id = randomBytes(CHALLENGE_ID_BYTES).toString('base64url');
    const now = this.now;
    await this.ctx.em.transactional(async (em) => {
      await em.nativeDelete(PasskeyChallenge, { expiresAt: { $lte: now } });
      em.create(PasskeyChallenge, {
        id,
        challenge,
        origin,
        ceremony,
        admin: owner?.kind === 'admin' ? em.getReference(Admin, owner.id) : null,
        technician: owner?.kind === 'technician' ? em.getReference(Technician, owner.id) : null,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      });
    });
    return id;
  }

  /**
   * The site the request came from when it is one of PASSKEY_ORIGINS, else the first of them: its origin, and its
   * host as the relying party (a passkey belongs to the site it was made on).
   */
  private get relyingParty() {
    const { brand, passkeyOrigins } = this.ctx.services.config;
    const origin = passkeyOrigins.find((listed) => listed === this.ctx.origin) ?? passkeyOrigins[0];
    return { rpName: brand.charAt(0).toUpperCase() + brand.slice(1), rpID: new URL(origin).hostname, origin };
  }

  /** The caller's passkeys, newest first; at most PASSKEYS_PER_ACCOUNT exist. */
  async mine(): Promise<Passkey[]> {
    const { owner } = ownAccountOf(this.ctx);
    return this.ctx.em.find(Passkey, ownerFilter(owner), {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: PASSKEYS_PER_ACCOUNT,
    });
  }

  /** Options for the browser to make a passkey for the caller's account; its existing ones are excluded. */
  async registrationOptions(): Promise<PasskeyOptionsPayload> {
    const { owner } = ownAccountOf(this.ctx);
    const account =
      owner.kind === 'admin'
        ? await this.ctx.em.findOneOrFail(Admin, owner.id)
        : await this.ctx.em.findOneOrFail(Technician, owner.id);
    const existing = await this.ctx.em.find(Passkey, ownerFilter(owner), { limit: PASSKEYS_PER_ACCOUNT });
    if (existing.length >= PASSKEYS_PER_ACCOUNT) {
      throw new AppError(PasskeyError.TOO_MANY_PASSKEYS, { params: { max: PASSKEYS_PER_ACCOUNT } });
    }
    const { rpName, rpID, origin } = this.relyingParty;
    const { generateRegistrationOptions } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName,
      rpID,
      userName: account.email,
      userDisplayName: fullName(account),
      userID: userHandleOf(owner),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports as AuthenticatorTransport[],
      })),
      // A discoverable passkey (signs in without an e-mail typed) whose user is verified (a second factor).
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_TTL_MS,
    });
    return {
      challengeId: await this.newChallenge(options.challenge, origin, PasskeyCeremony.REGISTER, owner),
      optionsJSON: JSON.stringify(options),
    };
  }

  /** Checks the browser's new passkey against the caller's challenge and keeps it under the name given. */
  async add(input: AddPasskeyInput): Promise<Passkey> {
    const { owner } = ownAccountOf(this.ctx);
    const name = checkName(input.name);
    const answer = parseAnswer<RegistrationResponseJSON>(input.responseJSON);
    const taken = await new PasskeyChallengeRepository(this.ctx.em).take(
      input.challengeId,
      PasskeyCeremony.REGISTER,
      this.now,
    );
    const takenBy = taken?.adminId ?? taken?.technicianId;
    const takenKind = taken?.adminId !== null ? 'admin' : 'technician';
    if (!taken || takenBy !== owner.id || takenKind !== owner.kind) throw new AppError(PasskeyError.PASSKEY_REFUSED);
    const { verifyRegistrationResponse } = await webAuthn();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: answer,
        expectedChallenge: taken.challenge,
        expectedOrigin: taken.origin,
        expectedRPID: new URL(taken.origin).hostname,
        requireUserVerification: true,
      });
    } catch (cause) {
      throw new AppError(PasskeyError.PASSKEY_REFUSED, { cause });
    }
    if (!verified.verified) throw new AppError(PasskeyError.PASSKEY_REFUSED);
    const { credential } = verified.registrationInfo;
    return this.ctx.em.transactional(async (em) => {
      if ((await em.count(Passkey, { credentialId: credential.id })) > 0) {
        throw new AppError(PasskeyError.PASSKEY_ALREADY_ADDED);
      }
      if ((await em.count(Passkey, ownerFilter(owner))) >= PASSKEYS_PER_ACCOUNT) {
        throw new AppError(PasskeyError.TOO_MANY_PASSKEYS, { params: { max: PASSKEYS_PER_ACCOUNT } });
      }
      const passkey = em.create(Passkey, {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: String(credential.counter),
        transports: credential.transports ?? answer.response.transports ?? [],
        admin: owner.kind === 'admin' ? em.getReference(Admin, owner.id) : null,
        technician: owner.kind === 'technician' ? em.getReference(Technician, owner.id) : null,
        name,
        createdAt: this.now,
        lastUsedAt: null,
      });
      await em.flush();
      return passkey;
    });
  }

  /** Removes one of the caller's passkeys; another's is unknown here. */
  async remove(id: number): Promise<number> {
    const { owner } = ownAccountOf(this.ctx);
    const removed = await this.ctx.em.nativeDelete(Passkey, { id, ...ownerFilter(owner) });
    if (removed === 0) throw new AppError(CommonError.NOT_FOUND, { message: 'PASSKEY_NOT_FOUND' });
    return id;
  }

  /** An admin removes every passkey of an account (a lost device), recorded in the audit with the admin's name. */
  async removeAllOf(owner: SessionOwner): Promise<number> {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.ADMIN || viewer.adminId === null) throw new AppError(CommonError.FORBIDDEN);
    const adminId = viewer.adminId;
    return this.ctx.em.transactional(async (em) => {
      const account =
        owner.kind === 'admin' ? await em.findOne(Admin, owner.id) : await em.findOne(Technician, owner.id);
      if (!account) throw new AppError(CommonError.NOT_FOUND);
      const actor = await em.findOneOrFail(Admin, adminId);
      const removed = await em.nativeDelete(Passkey, ownerFilter(owner));
      em.create(SecurityEvent, {
        kind: SecurityEventKind.PASSKEYS_REMOVED,
        at: this.now,
        actorAdminId: actor.id,
        actorName: fullName(actor),
        accountKind: owner.kind,
        accountId: owner.id,
      });
      await em.flush();
      return removed;
    });
  }

  /** Options for a sign-in with any passkey of this site: no account named, the browser offers what it holds. */
  async signInOptions(): Promise<PasskeyOptionsPayload> {
    // Each call keeps a row: counted like password attempts of this client, so no one fills the table.
    await this.ctx.services.rateLimiter.consume('SIGN_IN_PER_CLIENT', this.ctx.clientKey);
    const { rpID, origin } = this.relyingParty;
    const { generateAuthenticationOptions } = await webAuthn();
    const options = await generateAuthenticationOptions({
      rpID,
      allowCredentials: [],
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
    });
    return {
      challengeId: await this.newChallenge(options.challenge, origin, PasskeyCeremony.SIGN_IN),
      optionsJSON: JSON.stringify(options),
    };
  }

  /**
   * Signs in with a passkey alone: the challenge is taken (once, whatever follows), the passkey must be of this kind
   * of account and usable, the signature and user verification hold and the counter moves on; then the session and
   * token of a password sign-in.
   */
  async signIn(kind: SessionOwner['kind'], input: PasskeySignInInput): Promise<string> {
    const answer = parseAnswer<AuthenticationResponseJSON>(input.responseJSON);
    const taken = await new PasskeyChallengeRepository(this.ctx.em).take(
      input.challengeId,
      PasskeyCeremony.SIGN_IN,
      this.now,
    );
    if (!taken) throw new AppError(PasskeyError.PASSKEY_REFUSED, { message: 'PASSKEY_EXPIRED' });
    const signedIn = await this.ctx.em.transactional(async (em) => {
      const passkey = await em.findOne(
        Passkey,
        { credentialId: answer.id },
        { populate: ['admin', 'technician'], lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const owner = passkey ? ownerOf(passkey) : undefined;
      const holder = owner?.kind === 'admin' ? passkey?.admin : passkey?.technician;
      if (!passkey || !owner || owner.kind !== kind || !holder || (holder instanceof Admin && holder.inactive)) {
        throw new AppError(PasskeyError.PASSKEY_UNKNOWN);
      }
      const handle = answer.response.userHandle;
      if (handle !== undefined && handle !== Buffer.from(userHandleOf(owner)).toString('base64url')) {
        throw new AppError(PasskeyError.PASSKEY_REFUSED);
      }
      const { verifyAuthenticationResponse } = await webAuthn();
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: answer,
          expectedChallenge: taken.challenge,
          expectedOrigin: taken.origin,
          expectedRPID: new URL(taken.origin).hostname,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: Number(passkey.counter),
            transports: passkey.transports,
          },
          requireUserVerification: true,
        });
      } catch (cause) {
        throw new AppError(PasskeyError.PASSKEY_REFUSED, { cause });
      }
      if (!verified.verified || !verified.authenticationInfo.userVerified) {
        throw new AppError(PasskeyError.PASSKEY_REFUSED);
      }
      passkey.counter = String(verified.authenticationInfo.newCounter);
      passkey.lastUsedAt = this.now;
      await em.flush();
      return owner;
    });
    const account =
      signedIn.kind === 'admin'
        ? await this.ctx.em.findOneOrFail(Admin, signedIn.id)
        : await this.ctx.em.findOneOrFail(Technician, signedIn.id);
    return signInStaff(this.ctx, account);
  }
}
