import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Admin } from '../admins/index.js';
import { Technician } from '../technicians/index.js';

export enum PasskeyCeremony {
  REGISTER = 'REGISTER',
  SIGN_IN = 'SIGN_IN',
}

/**
 * A challenge the server gave a browser for one passkey registration or sign-in. Kept in the database, so the
 * answer may reach any instance; taken (deleted) by the first answer, right or wrong, so it is never used twice.
 * A registration's challenge names the account that asked for it.
 */
@Entity({ tableName: 'passkey_challenges' })
@Index({ name: 'passkey_challenges_expires_at_idx', properties: ['expiresAt'] })
export class PasskeyChallenge {
  /** Random, unguessable: the browser sends it back with its answer. */
  @PrimaryKey({ length: 32 })
  id!: string;

  /** The challenge itself, base64url, as the browser signs it in its client data. */
  @Property({ length: 64 })
  challenge!: string;

  /** The site it was given on: the answer must come from there, and the passkey belongs to its host. */
  @Property({ length: 200 })
  origin!: string;

  @Enum({ items: () => PasskeyCeremony, columnType: 'varchar(16)' })
  ceremony!: PasskeyCeremony;

  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'cascade' })
  admin: Admin | null = null;

  @ManyToOne(() => Technician, { nullable: true, deleteRule: 'cascade' })
  technician: Technician | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
