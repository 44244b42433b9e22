import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** What happened to a staff member's second factor or passkeys. */
export enum SecurityEventKind {
  TOTP_ENABLED = 'TOTP_ENABLED',
  TOTP_DISABLED = 'TOTP_DISABLED',
  RECOVERY_CODES_RENEWED = 'RECOVERY_CODES_RENEWED',
  RECOVERY_CODE_USED = 'RECOVERY_CODE_USED',
  /** Another admin removed the account's second factor (a lost device). */
  SECOND_FACTOR_RESET = 'SECOND_FACTOR_RESET',
  /** Another admin removed every passkey of the account (a lost device). */
  PASSKEYS_REMOVED = 'PASSKEYS_REMOVED',
}

/**
 * The record of changes to staff members' second factors and passkeys: whose, what, when and by whom. No foreign keys: the record
 * outlives the accounts it names, and holds their names as they were.
 */
@Entity({ tableName: 'staff_security_events' })
@Index({ name: 'staff_security_events_account_idx', properties: ['accountKind', 'accountId', 'at'] })
export class SecurityEvent {
  @PrimaryKey()
  id!: number;

  @Property({ type: 'datetime' })
  at!: Date;

  @Enum({ items: () => SecurityEventKind, columnType: 'varchar(32)' })
  kind!: SecurityEventKind;

  /** 'admin' or 'technician'. */
  @Property({ length: 16 })
  accountKind!: string;

  @Property()
  accountId!: number;

  /** The admin who did it, when it was not the account itself. */
  @Property({ type: 'integer', nullable: true })
  actorAdminId: number | null = null;

  @Property({ type: 'string', length: 201, nullable: true })
  actorName: string | null = null;
}
