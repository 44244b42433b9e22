import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { STAFF } from '../common/auth/role.js';
import { Admin } from '../admins/index.js';
import { Technician } from '../technicians/index.js';
import { PASSKEY_NAME_MAX } from '../../shared/passkeys.js';

/**
 * A passkey (a WebAuthn credential) of one staff member: the browser's id of it, its public key and signature
 * counter, and the name its owner gave it. Deleting the account removes its passkeys.
 */
@Entity({ tableName: 'staff_passkeys' })
@Check({ name: 'staff_passkeys_one_account', expression: '("admin_id" is null) <> ("technician_id" is null)' })
@Index({ name: 'staff_passkeys_admin_idx', properties: ['admin'] })
@Index({ name: 'staff_passkeys_technician_idx', properties: ['technician'] })
@ObjectType({ description: "A passkey of the caller's account: its name and use; never its key." })
@RequireRoleForAll(...STAFF)
export class Passkey {
  @Field(() => Int, { description: 'Database id.' })
  @PrimaryKey()
  id!: number;

  /** The credential id, base64url, as the browser names it at sign-in. */
  @Property({ length: 1400 })
  @Unique({ name: 'staff_passkeys_credential_id_key' })
  credentialId!: string;

  /** The COSE public key the authenticator gave at registration. */
  @Property({ type: 'blob' })
  publicKey!: Buffer;

  /** The authenticator's signature counter at its last use (an unsigned 32-bit number, as text): one that does not move on is refused. */
  @Property({ type: 'bigint' })
  counter!: string;

  /** How the browser may reach the authenticator ('internal', 'usb', 'hybrid' …), as it said at registration. */
  @Property({ type: 'text[]' })
  transports: string[] = [];

  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'cascade' })
  admin: Admin | null = null;

  @ManyToOne(() => Technician, { nullable: true, deleteRule: 'cascade' })
  technician: Technician | null = null;

  @Field({ description: 'The name its owner gave it ("Laptop", "Phone").' })
  @Property({ length: PASSKEY_NAME_MAX })
  name!: string;

  @Field({ description: 'When it was added.' })
  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it last signed in; null: never.' })
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;
}
