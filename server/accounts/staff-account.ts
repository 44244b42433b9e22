import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeEmail } from '../common/person-fields.js';
import { Admin } from '../admins/admin.entity.js';
import { PASSWORD_MIN_LENGTH as MIN_LENGTH } from '../../shared/staff.js';
import { Technician } from '../technicians/index.js';
import { AccountType } from './password-reset-token.entity.js';

/** What sign-in and password reset need of a technician or an admin. */
export type StaffAccount = Technician | Admin;

export const PASSWORD_MIN_LENGTH: Record<AccountType, number> = {
  [AccountType.TECHNICIAN]: MIN_LENGTH.technician,
  [AccountType.ADMIN]: MIN_LENGTH.admin,
};

/** Where the reset link of each kind of account points (docs/rules.md, Screens and routes). */
export const NEW_PASSWORD_PATH: Record<AccountType, string> = {
  [AccountType.TECHNICIAN]: '/technician/newpassword/',
  [AccountType.ADMIN]: '/admin/newpassword/',
};

export function findStaffByEmail(
  em: EntityManager,
  type: AccountType,
  email: string,
  withPassword = false,
): Promise<StaffAccount | null> {
  const options = withPassword ? { populate: ['passwordHash'] as const } : {};
  return type === AccountType.TECHNICIAN
    ? em.findOne(Technician, { email }, options)
    : em.findOne(Admin, { email }, options);
}

export function findStaffById(
  em: EntityManager,
  type: AccountType,
  id: number,
  withPassword = false,
): Promise<StaffAccount | null> {
  const options = withPassword ? { populate: ['passwordHash'] as const } : {};
  return type === AccountType.TECHNICIAN ? em.findOne(Technician, { id }, options) : em.findOne(Admin, { id }, options);
}

/** An inactive admin is treated as unknown: it cannot sign in or reset its password. */
export function isUsable(account: StaffAccount): boolean {
  return !(account instanceof Admin && account.inactive);
}

/** Rate-limit key of one account; technicians and admins with one address are different accounts. */
export function accountKey(type: AccountType, email: string): string {
  return `${type}:${normalizeEmail(email)}`;
}

/** The attempts of one client address on one account (a limit separate from the account's own). */
export function accountClientKey(type: AccountType, email: string, clientKey: string): string {
  return `${accountKey(type, email)}\n${clientKey}`;
}
