import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../../common/auth/require-role.js';
import { STAFF } from '../../common/auth/role.js';

/** The ways of proving the second step of a sign-in. */
export enum SecondFactorMethod {
  TOTP = 'TOTP',
  RECOVERY_CODE = 'RECOVERY_CODE',
}

registerEnumType(SecondFactorMethod, {
  name: 'SecondFactorMethod',
  description: 'A way of proving the second step of a staff sign-in.',
  valuesConfig: {
    TOTP: { description: 'The six-digit code of an authenticator app.' },
    RECOVERY_CODE: { description: 'One of the single-use recovery codes shown when the app was set up.' },
  },
});

@ObjectType({
  description:
    'The password was right; the sign-in waits for a second factor. The challenge is good for this step only, for a few minutes.',
})
export class SecondFactorChallenge {
  @Field({ description: 'Pass it to verifySecondFactor (or, with setupRequired, to startTotpSetupAtSignIn first).' })
  challenge!: string;

  @Field(() => [SecondFactorMethod], { description: 'The methods the account has; empty when setupRequired.' })
  methods!: SecondFactorMethod[];

  @Field({
    description:
      'The account must use a second factor and has none yet: set up an authenticator app now (startTotpSetupAtSignIn), its first code signs in.',
  })
  setupRequired!: boolean;

  @Field({ description: 'When the challenge ends; after it, sign in with the password again.' })
  expiresAt!: Date;
}

@ObjectType({ description: 'The first step of a staff sign-in: a token, or a second factor to give.' })
export class StaffSignInStep {
  @Field(() => String, {
    nullable: true,
    description: 'Bearer token of the account when no second factor is needed (as adminToken or accessToken).',
  })
  token!: string | null;

  @Field(() => SecondFactorChallenge, { nullable: true, description: 'Set when a second factor is needed.' })
  secondFactor!: SecondFactorChallenge | null;
}

@ObjectType({ description: 'The second step of a staff sign-in succeeded.' })
export class SecondFactorSignInPayload {
  @Field({ description: 'Bearer token of the account (as adminToken or accessToken).' })
  token!: string;

  @Field(() => [String], {
    nullable: true,
    description: 'When the sign-in set up the authenticator app: its ten recovery codes, shown this once.',
  })
  recoveryCodes!: string[] | null;

  @Field(() => Int, { nullable: true, description: 'After a recovery code: how many unused codes are left.' })
  recoveryCodesLeft!: number | null;
}

@ObjectType({
  description: 'An authenticator app to set up: scan the QR code or type the key, then give its first code.',
})
export class TotpSetup {
  @Field({ description: 'The key (base32), for typing it into the app.' })
  secret!: string;

  @Field({ description: 'The otpauth:// address the QR code holds.' })
  otpauthUri!: string;

  @Field({ description: 'The QR code as an image (a data: URL of an SVG).' })
  qrCode!: string;
}

@ObjectType({ description: "The caller's second factor." })
@RequireRoleForAll(...STAFF)
export class SecondFactorStatus {
  @Field({ description: 'An authenticator app is set up and asked for at sign-in.' })
  totpEnabled!: boolean;

  @Field(() => Int, { description: 'Unused recovery codes.' })
  recoveryCodesLeft!: number;

  @Field({ description: 'A setting requires this account to use a second factor: it cannot be turned off.' })
  required!: boolean;
}

@ObjectType({ description: 'New recovery codes: shown this once, every earlier code stops working.' })
@RequireRoleForAll(...STAFF)
export class RecoveryCodesPayload {
  @Field(() => [String], { description: 'Ten single-use codes.' })
  recoveryCodes!: string[];
}
