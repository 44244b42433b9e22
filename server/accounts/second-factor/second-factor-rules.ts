import type { EntityManager } from '@mikro-orm/postgresql';
import { Role } from '../../common/auth/role.js';
import { Admin } from '../../admins/index.js';
import type { StaffAccount } from '../staff-account.js';
import type { SessionOwner } from '../staff-session.service.js';
import { RecoveryCode } from './recovery-code.entity.js';
import { SecondFactorSetting } from './second-factor-setting.entity.js';
import { SecondFactorMethod } from './second-factor.types.js';
import { TotpFactor } from './totp-factor.entity.js';

/** The rows of one account in a table keyed like `staff_sessions` (an admin or a technician column). */
export function ownerWhere(owner: SessionOwner): { admin: number } | { technician: number } {
  return owner.kind === 'admin' ? { admin: owner.id } : { technician: owner.id };
}

export function ownerOf(account: StaffAccount): SessionOwner {
  return account instanceof Admin ? { kind: 'admin', id: account.id } : { kind: 'technician', id: account.id };
}

/**
 * Whether a setting makes the account use a second factor: an office account works for both countries, so either
 * country's rule for its role binds it (a viewer is never bound); a technician follows its own country's rule.
 */
export async function secondFactorRequired(em: EntityManager, account: StaffAccount): Promise<boolean> {
  if (account instanceof Admin) {
    if (account.role === Role.ADMIN) return (await em.count(SecondFactorSetting, { adminsRequired: true })) > 0;
    if (account.role === Role.DISPATCHER) {
      return (await em.count(SecondFactorSetting, { dispatchersRequired: true })) > 0;
    }
    return false;
  }
  return (await em.count(SecondFactorSetting, { country: account.country, techniciansRequired: true })) > 0;
}

/**
 * The second factors the account can sign in with: the one list every kind of factor adds itself to. Empty: the
 * password alone signs in (unless a setting requires a factor).
 */
export async function secondFactorMethodsOf(em: EntityManager, owner: SessionOwner): Promise<SecondFactorMethod[]> {
  const totp = await em.count(TotpFactor, { ...ownerWhere(owner), confirmedAt: { $ne: null } });
  if (totp === 0) return [];
  const codes = await em.count(RecoveryCode, { ...ownerWhere(owner), usedAt: null });
  return codes > 0 ? [SecondFactorMethod.TOTP, SecondFactorMethod.RECOVERY_CODE] : [SecondFactorMethod.TOTP];
}
