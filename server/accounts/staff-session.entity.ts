import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Admin } from '../admins/index.js';
import { Technician } from '../technicians/index.js';

/** Longest browser or system name kept: the parser's names are short, an odd agent is cut. */
export const DEVICE_NAME_LENGTH = 100;

/**
 * One sign-in of a staff member on one device: its id is the `sid` of the token the sign-in made. The session holds
 * while its row exists (authentication checks it in the statement that checks the account); signing out removes
 * the row, and deleting the account removes its rows.
 */
@Entity({ tableName: 'staff_sessions' })
@Check({ name: 'staff_sessions_one_account', expression: '("admin_id" is null) <> ("technician_id" is null)' })
@Index({ name: 'staff_sessions_admin_idx', properties: ['admin'] })
@Index({ name: 'staff_sessions_technician_idx', properties: ['technician'] })
export class StaffSession {
  /** Random, unguessable: it is the `sid` of the tokens of this session. */
  @PrimaryKey({ length: 32 })
  id!: string;

  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'cascade' })
  admin: Admin | null = null;

  @ManyToOne(() => Technician, { nullable: true, deleteRule: 'cascade' })
  technician: Technician | null = null;

  /** From the user agent at sign-in ('Unknown' when it does not say). */
  @Property({ length: DEVICE_NAME_LENGTH })
  browser!: string;

  @Property({ length: DEVICE_NAME_LENGTH })
  os!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  /** Written at most once per `LAST_SEEN_STEP_MS` per session, so a busy device costs no write per request. */
  @Property({ type: 'datetime' })
  lastSeenAt!: Date;

  /** When the session's token expires: the row is of no use after it and is removed at the account's next sign-in. */
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
