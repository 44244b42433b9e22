import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Admin } from '../../admins/index.js';
import { Technician } from '../../technicians/index.js';

/**
 * One single-use recovery code of a staff member, kept as the SHA-256 of the code: each code is 80 random bits, so no
 * slow hash is needed (as with reset links and application keys), and a code is found by its hash in one lookup.
 */
@Entity({ tableName: 'staff_recovery_codes' })
@Check({ name: 'staff_recovery_codes_one_account', expression: '("admin_id" is null) <> ("technician_id" is null)' })
@Index({ name: 'staff_recovery_codes_admin_idx', properties: ['admin'] })
@Index({ name: 'staff_recovery_codes_technician_idx', properties: ['technician'] })
export class RecoveryCode {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'cascade' })
  admin: Admin | null = null;

  @ManyToOne(() => Technician, { nullable: true, deleteRule: 'cascade' })
  technician: Technician | null = null;

  /** SHA-256 of the normalised code, hex. */
  @Property({ length: 64, unique: 'staff_recovery_codes_code_hash_unique' })
  codeHash!: string;

  /** When it was used; a used code opens nothing. */
  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;
}
