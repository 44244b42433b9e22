import { Check, Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Admin } from '../../admins/index.js';
import { Technician } from '../../technicians/index.js';

/**
 * A staff member's authenticator app (time-based codes): one per account. Unconfirmed while set-up waits for the
 * first code; only a confirmed one is asked for at sign-in. The secret is kept as the app holds it (base32): the
 * project has no key of its own for data at rest, and JWT_SECRET rotates (docs/decisions/security.md, Staff accounts).
 */
@Entity({ tableName: 'staff_totp_factors' })
@Check({ name: 'staff_totp_factors_one_account', expression: '("admin_id" is null) <> ("technician_id" is null)' })
@Unique({ name: 'staff_totp_factors_admin_unique', properties: ['admin'] })
@Unique({ name: 'staff_totp_factors_technician_unique', properties: ['technician'] })
export class TotpFactor {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'cascade' })
  admin: Admin | null = null;

  @ManyToOne(() => Technician, { nullable: true, deleteRule: 'cascade' })
  technician: Technician | null = null;

  /** Base32, 20 random bytes (otplib's default, RFC 4226's recommendation). Never exposed after set-up. */
  @Property({ length: 64, lazy: true })
  secret!: string;

  /** When the first code proved the app holds the secret; null while set-up waits for it. */
  @Property({ type: 'datetime', nullable: true })
  confirmedAt: Date | null = null;

  /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  @Property({ type: 'integer', nullable: true })
  lastUsedStep: number | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
