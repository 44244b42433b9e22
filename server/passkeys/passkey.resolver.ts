import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role, STAFF } from '../common/auth/role.js';
import { AdminSignInPayload, TechnicianSignInPayload } from '../accounts/index.js';
import { PASSKEYS_PER_ACCOUNT } from '../../shared/passkeys.js';
import { Passkey } from './passkey.entity.js';
import { AddPasskeyInput, PasskeySignInInput } from './passkey.inputs.js';
import { PasskeyOptionsPayload, RemoveAccountPasskeysPayload, RemovePasskeyPayload } from './passkey.types.js';
import { PasskeyService } from './passkey.service.js';

/** Staff passkeys: one's own (add, list, remove), a sign-in with one alone (public), an admin removing another's. */
@Resolver()
export class PasskeyResolver {
  @Query(() => [Passkey], {
    description: `The caller's passkeys, newest first (at most ${PASSKEYS_PER_ACCOUNT}). An admin acting as a technician sees the admin's own.`,
  })
  @RequireRole(...STAFF)
  async myPasskeys(@Ctx() ctx: AppContext): Promise<Passkey[]> {
    return new PasskeyService(ctx).mine();
  }

  @Mutation(() => PasskeyOptionsPayload, {
    description: `Starts adding a passkey to the caller's account: options for the browser. More than ${PASSKEYS_PER_ACCOUNT}: TOO_MANY_PASSKEYS.`,
  })
  @RequireRole(...STAFF)
  async passkeyRegistrationOptions(@Ctx() ctx: AppContext): Promise<PasskeyOptionsPayload> {
    return new PasskeyService(ctx).registrationOptions();
  }

  @Mutation(() => Passkey, {
    description:
      "Adds the browser's new passkey to the caller's account. An answer that does not verify (origin, challenge, user verification): PASSKEY_REFUSED; one added before: PASSKEY_ALREADY_ADDED.",
  })
  @RequireRole(...STAFF)
  async addPasskey(@Ctx() ctx: AppContext, @Arg('input') input: AddPasskeyInput): Promise<Passkey> {
    return new PasskeyService(ctx).add(input);
  }

  @Mutation(() => RemovePasskeyPayload, {
    description: "Removes one of the caller's passkeys. Unknown or another's: NOT_FOUND.",
  })
  @RequireRole(...STAFF)
  async removePasskey(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id of the passkey.' }) id: number,
  ): Promise<RemovePasskeyPayload> {
    return { id: await new PasskeyService(ctx).remove(id) };
  }

  @Mutation(() => RemoveAccountPasskeysPayload, {
    description:
      "Removes every passkey of an office account (a lost device); recorded in the audit with the admin's name.",
  })
  @RequireRole(Role.ADMIN)
  async removeAdminPasskeys(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id of the office account.' }) id: number,
  ): Promise<RemoveAccountPasskeysPayload> {
    return { id, removed: await new PasskeyService(ctx).removeAllOf({ kind: 'admin', id }) };
  }

  @Mutation(() => RemoveAccountPasskeysPayload, {
    description: "Removes every passkey of a technician (a lost phone); recorded in the audit with the admin's name.",
  })
  @RequireRole(Role.ADMIN)
  async removeTechnicianPasskeys(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id of the technician.' }) id: number,
  ): Promise<RemoveAccountPasskeysPayload> {
    return { id, removed: await new PasskeyService(ctx).removeAllOf({ kind: 'technician', id }) };
  }

  @Mutation(() => PasskeyOptionsPayload, {
    description:
      'Starts a sign-in with a passkey alone: options naming no account (the browser offers the passkeys it holds for this site). Counted like password attempts of the client.',
  })
  async passkeySignInOptions(@Ctx() ctx: AppContext): Promise<PasskeyOptionsPayload> {
    return new PasskeyService(ctx).signInOptions();
  }

  @Mutation(() => AdminSignInPayload, {
    description:
      "Signs an office account in with a passkey (its user verified: two factors in one). A challenge used, expired or not answered by this site's origin, or a copied key: PASSKEY_REFUSED; unknown, a technician's or an inactive account's passkey: PASSKEY_UNKNOWN.",
  })
  async signInAdminWithPasskey(
    @Ctx() ctx: AppContext,
    @Arg('input') input: PasskeySignInInput,
  ): Promise<AdminSignInPayload> {
    return { adminToken: await new PasskeyService(ctx).signIn('admin', input) };
  }

  @Mutation(() => TechnicianSignInPayload, {
    description:
      "Signs a technician in with a passkey (its user verified). Refusals as signInAdminWithPasskey's; an office account's passkey: PASSKEY_UNKNOWN.",
  })
  async signInTechnicianWithPasskey(
    @Ctx() ctx: AppContext,
    @Arg('input') input: PasskeySignInInput,
  ): Promise<TechnicianSignInPayload> {
    return { accessToken: await new PasskeyService(ctx).signIn('technician', input) };
  }
}
