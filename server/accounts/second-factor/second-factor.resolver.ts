import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../../context.js';
import { RequireRole } from '../../common/auth/require-role.js';
import { Role, STAFF } from '../../common/auth/role.js';
import { SignInInput } from '../account.inputs.js';
import { AccountType } from '../password-reset-token.entity.js';
import { SignInService } from '../sign-in.service.js';
import { SecondFactorSetting } from './second-factor-setting.entity.js';
import { SecondFactorSettingService } from './second-factor-setting.service.js';
import {
  SecondFactorProofInput,
  SecondFactorSettingInput,
  StaffAccountInput,
  VerifySecondFactorInput,
} from './second-factor.inputs.js';
import { completeSignIn, SecondFactorService, SecondFactorSignIn } from './second-factor.service.js';
import {
  RecoveryCodesPayload,
  SecondFactorSignInPayload,
  SecondFactorStatus,
  StaffSignInStep,
  TotpSetup,
} from './second-factor.types.js';

/** The two-step staff sign-in (public), a staff member's own second factor, and the admins' settings and resets. */
@Resolver()
export class SecondFactorResolver {
  @Mutation(() => StaffSignInStep, {
    description:
      'Signs an office account in, first step: its token, or a second factor to give (verifySecondFactor). Unknown e-mail, wrong password or inactive: NO_USER_FOUND.',
  })
  beginAdminSignIn(@Ctx() ctx: AppContext, @Arg('input') input: SignInInput): Promise<StaffSignInStep> {
    return new SignInService(ctx).begin(AccountType.ADMIN, input);
  }

  @Mutation(() => StaffSignInStep, {
    description:
      'Signs a technician in, first step: its token, or a second factor to give (verifySecondFactor). Unknown e-mail or wrong password: NO_USER_FOUND.',
  })
  beginTechnicianSignIn(@Ctx() ctx: AppContext, @Arg('input') input: SignInInput): Promise<StaffSignInStep> {
    return new SignInService(ctx).begin(AccountType.TECHNICIAN, input);
  }

  @Mutation(() => TotpSetup, {
    description:
      'At sign-in, for an account that must use a second factor and has none: a new authenticator app to set up. Its first code, given to verifySecondFactor, turns it on and signs in.',
  })
  startTotpSetupAtSignIn(
    @Ctx() ctx: AppContext,
    @Arg('challenge', { description: 'SecondFactorChallenge.challenge with setupRequired.' }) challenge: string,
  ): Promise<TotpSetup> {
    return new SecondFactorSignIn(ctx).startSetup(challenge);
  }

  @Mutation(() => SecondFactorSignInPayload, {
    description:
      'Signs in, second step. A wrong or used code: SECOND_FACTOR_CODE_INVALID; an expired challenge: SIGN_IN_CHALLENGE_INVALID.',
  })
  verifySecondFactor(
    @Ctx() ctx: AppContext,
    @Arg('input') input: VerifySecondFactorInput,
  ): Promise<SecondFactorSignInPayload> {
    return new SecondFactorSignIn(ctx).verify(input, (account) => completeSignIn(ctx, account));
  }

  @Query(() => SecondFactorStatus, {
    nullable: true,
    description: "The caller's second factor; null for an admin acting as a technician.",
  })
  @RequireRole(...STAFF)
  mySecondFactor(@Ctx() ctx: AppContext): Promise<SecondFactorStatus | null> {
    return new SecondFactorService(ctx).status();
  }

  @Mutation(() => TotpSetup, {
    description:
      'Starts setting up an authenticator app for the caller; it is asked for once confirmTotpSetup took its first code.',
  })
  @RequireRole(...STAFF)
  startTotpSetup(@Ctx() ctx: AppContext): Promise<TotpSetup> {
    return new SecondFactorService(ctx).startSetup();
  }

  @Mutation(() => RecoveryCodesPayload, {
    description: "Turns the caller's app on with its first code; answers the ten recovery codes, shown this once.",
  })
  @RequireRole(...STAFF)
  async confirmTotpSetup(
    @Ctx() ctx: AppContext,
    @Arg('code', { description: 'The six digits the app shows now.' }) code: string,
  ): Promise<RecoveryCodesPayload> {
    return { recoveryCodes: await new SecondFactorService(ctx).confirmSetup(code) };
  }

  @Mutation(() => SecondFactorStatus, {
    description:
      "Turns the caller's app and recovery codes off, with a current code or the password. Required by a setting: SECOND_FACTOR_STATE.",
  })
  @RequireRole(...STAFF)
  async turnOffTotp(
    @Ctx() ctx: AppContext,
    @Arg('input') input: SecondFactorProofInput,
  ): Promise<SecondFactorStatus | null> {
    const service = new SecondFactorService(ctx);
    await service.turnOff(input);
    return service.status();
  }

  @Mutation(() => RecoveryCodesPayload, {
    description:
      'Ten new recovery codes for the caller, with a current code or the password; the earlier ones stop working.',
  })
  @RequireRole(...STAFF)
  async renewRecoveryCodes(
    @Ctx() ctx: AppContext,
    @Arg('input') input: SecondFactorProofInput,
  ): Promise<RecoveryCodesPayload> {
    return { recoveryCodes: await new SecondFactorService(ctx).renewRecoveryCodes(input) };
  }

  @Mutation(() => Int, {
    description:
      "Removes a staff account's second factor (a lost device), recorded with the admin who did it; answers the account's id. One's own: OWN_SECOND_FACTOR.",
  })
  @RequireRole(Role.ADMIN)
  resetSecondFactor(@Ctx() ctx: AppContext, @Arg('input') input: StaffAccountInput): Promise<number> {
    return new SecondFactorService(ctx).reset(input);
  }

  @Query(() => [SecondFactorSetting], { description: 'Who must sign in with a second factor: NL first, then BE.' })
  @RequireRole(Role.ADMIN)
  secondFactorSettings(@Ctx() ctx: AppContext): Promise<SecondFactorSetting[]> {
    return new SecondFactorSettingService(ctx).list();
  }

  @Mutation(() => SecondFactorSetting, { description: 'Changes who must sign in with a second factor in one country.' })
  @RequireRole(Role.ADMIN)
  updateSecondFactorSetting(
    @Ctx() ctx: AppContext,
    @Arg('input') input: SecondFactorSettingInput,
  ): Promise<SecondFactorSetting> {
    return new SecondFactorSettingService(ctx).update(input);
  }
}
