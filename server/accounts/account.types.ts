import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';

/** The legacy portal's success messages of the forgot and new-password calls. */
export enum AccountNotice {
  EMAIL_SENT = 'EMAIL_SENT',
  PASSWORD_UPDATED = 'PASSWORD_UPDATED',
}

registerEnumType(AccountNotice, {
  name: 'AccountNotice',
  description: 'Outcome of a password-reset step.',
  valuesConfig: {
    EMAIL_SENT: { description: 'A reset mail is on its way.' },
    PASSWORD_UPDATED: { description: 'The new password is set; every earlier session and reset link has ended.' },
  },
});

@ObjectType({ description: 'A signed-in technician.' })
export class TechnicianSignInPayload {
  @Field({ description: 'Bearer token of the technician (stored by the client as accessToken).' })
  accessToken!: string;
}

@ObjectType({ description: 'A signed-in admin.' })
export class AdminSignInPayload {
  @Field({ description: 'Bearer token of the admin (stored by the client as adminToken).' })
  adminToken!: string;
}

@ObjectType({ description: 'A password-reset mail was sent.' })
export class PasswordResetRequestPayload {
  @Field(() => AccountNotice, { description: 'EMAIL_SENT.' })
  message!: AccountNotice;
}

@ObjectType({ description: 'A new password was set.' })
export class PasswordUpdatePayload {
  @Field(() => AccountNotice, { description: 'PASSWORD_UPDATED.' })
  message!: AccountNotice;
}

@ObjectType({ description: 'A technician token for an admin who opens the technician area as that technician.' })
export class TechnicianTokenPayload {
  @Field({ description: 'Bearer token of the technician, marked as used by this admin.' })
  @RequireRole(...OFFICE)
  technicianToken!: string;
}
