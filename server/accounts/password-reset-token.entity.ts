import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export enum AccountType {
  TECHNICIAN = 'TECHNICIAN',
  ADMIN = 'ADMIN',
}

/** A password-reset link. Only the SHA-256 of its random token is stored; it works once, until it expires. */
@Entity({ tableName: 'password_reset_tokens' })
@Index({ name: 'password_reset_tokens_account_idx', properties: ['accountType', 'accountId'] })
export class PasswordResetToken {
  @PrimaryKey()
  id!: number;

  @Property({ length: 64, unique: true })
  tokenHash!: string;

  @Enum({ items: () => AccountType, nativeEnumName: 'account_type' })
  accountType!: AccountType;

  @Property()
  accountId!: number;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
