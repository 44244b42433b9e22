import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** What an admin did to another staff member's way of signing in. */
export enum StaffAccountEventKind {
  /** Removed every passkey of the account (a lost device). */
  PASSKEYS_REMOVED = 'PASSKEYS_REMOVED',
}

/**
 * One act of an admin on another staff account's sign-in, in the audit: who, when, which account, what and how
 * many. Ids as they were, without a foreign key: removing an account never rewrites the audit.
 */
@Entity({ tableName: 'staff_account_events' })
@Index({ name: 'staff_account_events_at_idx', properties: ['at', 'id'] })
export class StaffAccountEvent {
  @PrimaryKey()
  id!: number;

  @Enum({ items: () => StaffAccountEventKind, columnType: 'varchar(32)' })
  kind!: StaffAccountEventKind;

  @Property({ type: 'datetime' })
  at!: Date;

  @Property({ type: 'integer' })
  actorId!: number;

  /** The admin by name as it was. */
  @Property({ length: 201 })
  actorName!: string;

  /** 'admin' or 'technician'. */
  @Property({ length: 16 })
  accountKind!: string;

  @Property({ type: 'integer' })
  accountId!: number;

  /** How many it concerned (passkeys removed). */
  @Property({ type: 'integer' })
  count!: number;
}
