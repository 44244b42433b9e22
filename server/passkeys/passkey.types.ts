import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role, STAFF } from '../common/auth/role.js';

@ObjectType({ description: 'What the browser needs to make or use a passkey, and the challenge to answer.' })
export class PasskeyOptionsPayload {
  @Field({ description: 'Names the challenge in the answer; valid for a few minutes, once.' })
  challengeId!: string;

  @Field({ description: "WebAuthn options as JSON, for @simplewebauthn/browser's optionsJSON." })
  optionsJSON!: string;
}

@ObjectType({ description: 'A passkey removed.' })
@RequireRoleForAll(...STAFF)
export class RemovePasskeyPayload {
  @Field(() => Int, { description: 'Database id of the passkey removed.' })
  id!: number;
}

@ObjectType({ description: "An account's passkeys removed by an admin (recorded in the audit)." })
@RequireRoleForAll(Role.ADMIN)
export class RemoveAccountPasskeysPayload {
  @Field(() => Int, { description: 'Database id of the account.' })
  id!: number;

  @Field(() => Int, { description: 'How many passkeys were removed.' })
  removed!: number;
}
