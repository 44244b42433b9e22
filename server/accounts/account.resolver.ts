import { Arg, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { NewPasswordInput, PasswordResetRequestInput, SignInInput } from './account.inputs.js';
import {
  AccountNotice,
  AdminSignInPayload,
  PasswordResetRequestPayload,
  PasswordUpdatePayload,
  TechnicianSignInPayload,
  TechnicianTokenPayload,
} from './account.types.js';
import { PasswordResetService } from './password-reset.service.js';
import { AccountType } from './password-reset-token.entity.js';
import { SignInService } from './sign-in.service.js';

/** Sign-in and password reset of technicians and admins (public), and "log in as technician" (admins). */
@Resolver()
export class AccountResolver {
  @Mutation(() => TechnicianSignInPayload, {
    description: 'Signs a technician in. Unknown e-mail or wrong password: NO_USER_FOUND.',
  })
  async signInTechnician(@Ctx() ctx: AppContext, @Arg('input') input: SignInInput): Promise<TechnicianSignInPayload> {
    return { accessToken: await new SignInService(ctx).signInTechnician(input) };
  }

  @Mutation(() => AdminSignInPayload, {
    description: 'Signs an admin in. Unknown e-mail, wrong password or inactive admin: NO_USER_FOUND.',
  })
  async signInAdmin(@Ctx() ctx: AppContext, @Arg('input') input: SignInInput): Promise<AdminSignInPayload> {
    return { adminToken: await new SignInService(ctx).signInAdmin(input) };
  }

  @Mutation(() => PasswordResetRequestPayload, {
    description: 'Mails a technician a link to set a new password. Unknown e-mail: NO_USER_FOUND.',
  })
  async requestTechnicianPasswordReset(
    @Ctx() ctx: AppContext,
    @Arg('input') input: PasswordResetRequestInput,
  ): Promise<PasswordResetRequestPayload> {
    await new PasswordResetService(ctx).request(AccountType.TECHNICIAN, input);
    return { message: AccountNotice.EMAIL_SENT };
  }

  @Mutation(() => PasswordResetRequestPayload, {
    description: 'Mails an active admin a link to set a new password. Unknown e-mail: NO_USER_FOUND.',
  })
  async requestAdminPasswordReset(
    @Ctx() ctx: AppContext,
    @Arg('input') input: PasswordResetRequestInput,
  ): Promise<PasswordResetRequestPayload> {
    await new PasswordResetService(ctx).request(AccountType.ADMIN, input);
    return { message: AccountNotice.EMAIL_SENT };
  }

  @Mutation(() => PasswordUpdatePayload, {
    description: "Sets a technician's password with a reset token (at least 6 characters). Bad token: INVALID_TOKEN.",
  })
  async resetTechnicianPassword(
    @Ctx() ctx: AppContext,
    @Arg('input') input: NewPasswordInput,
  ): Promise<PasswordUpdatePayload> {
    await new PasswordResetService(ctx).reset(AccountType.TECHNICIAN, input);
    return { message: AccountNotice.PASSWORD_UPDATED };
  }

  @Mutation(() => PasswordUpdatePayload, {
    description: "Sets an admin's password with a reset token (at least 10 characters). Bad token: INVALID_TOKEN.",
  })
  async resetAdminPassword(
    @Ctx() ctx: AppContext,
    @Arg('input') input: NewPasswordInput,
  ): Promise<PasswordUpdatePayload> {
    await new PasswordResetService(ctx).reset(AccountType.ADMIN, input);
    return { message: AccountNotice.PASSWORD_UPDATED };
  }

  @Mutation(() => TechnicianTokenPayload, {
    description: 'A technician token for opening the technician area as this technician ("log in as technician").',
  })
  @RequireRole(Role.ADMIN)
  async signInAsTechnician(
    @Ctx() ctx: AppContext,
    @Arg('technicianId', () => Int, { description: 'Database id of the technician.' }) technicianId: number,
  ): Promise<TechnicianTokenPayload> {
    return { technicianToken: await new SignInService(ctx).signInAsTechnician(technicianId) };
  }
}
