import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { Role, STAFF } from '../common/auth/role.js';

@ObjectType({ description: 'A device a staff member is signed in on: one sign-in, until it expires or is signed out.' })
@RequireRoleForAll(...STAFF)
export class StaffDevice {
  @Field({ description: 'The session id: pass it to endSession to sign this device out.' })
  id!: string;

  @Field({ description: "The browser, from the device's user agent at sign-in ('Unknown' when it does not say)." })
  browser!: string;

  @Field({
    description: "The operating system, from the device's user agent at sign-in ('Unknown' when it does not say).",
  })
  os!: string;

  @Field({ description: 'When the device signed in.' })
  signedInAt!: Date;

  @Field({ description: 'When the device last made a request (kept to within a few minutes).' })
  lastSeenAt!: Date;

  @Field({ description: 'True for the device of this request.' })
  current!: boolean;
}

@ObjectType({ description: 'A device was signed out.' })
@RequireRoleForAll(...STAFF)
export class EndSessionPayload {
  @Field({ description: 'The session id of the device signed out.' })
  id!: string;
}

@ObjectType({ description: 'An account was signed out on every device.' })
export class EndAccountSessionsPayload {
  @Field(() => Int, { description: 'Database id of the account.' })
  @RequireRole(Role.ADMIN)
  id!: number;
}
