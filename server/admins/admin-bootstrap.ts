import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, verifyPassword } from '../common/auth/passwords.js';
import { Role } from '../common/auth/role.js';
import { announceSessionsEnded } from '../common/auth/sessions.js';
import { Admin } from './admin.entity.js';
import { hasForbiddenNameCharacters, isPlainEmailAddress } from '../../shared/text.js';

export interface BootstrapAdmin {
  email: string;
  password: string;
  firstname?: string;
  lastname?: string;
}

export type BootstrapOutcome = 'created' | 'password-reset' | 'activated' | 'unchanged';

/**
 * Makes sure an active admin with this e-mail and password exists: creates it, or resets its
 * password and activates it. Sessions end only when something actually changed.
 */
export async function ensureActiveAdmin(em: EntityManager, input: BootstrapAdmin): Promise<BootstrapOutcome> {
  const email = input.email.trim().toLowerCase();
  // The same rules as an admin made on the screen: this door (ADMIN_EMAIL, admin:create) must not let in what it refuses.
  if (!isPlainEmailAddress(email)) throw new Error(`"${input.email}" is not one plain e-mail address (name@domain)`);
  if ([input.firstname, input.lastname].some((name) => name !== undefined && hasForbiddenNameCharacters(name))) {
    throw new Error('A name holds a control character or a bidirectional control');
  }
  const existing = await em.findOne(Admin, { email }, { populate: ['passwordHash'] });
  if (!existing) {
    em.create(Admin, {
      email,
      firstname: input.firstname ?? 'Admin',
      lastname: input.lastname ?? '',
      passwordHash: await hashPassword(input.password),
      inactive: false,
      role: Role.ADMIN,
      tokenVersion: 0,
      createdAt: new Date(),
    });
    await em.flush();
    return 'created';
  }
  let outcome: BootstrapOutcome = 'unchanged';
  if (!(await verifyPassword(existing.passwordHash, input.password))) {
    existing.passwordHash = await hashPassword(input.password);
    existing.tokenVersion += 1;
    outcome = 'password-reset';
  }
  if (existing.inactive) {
    existing.inactive = false;
    if (outcome === 'unchanged') outcome = 'activated';
  }
  await em.flush();
  // The other instances' live streams of the old password end too (announced once the new one is saved).
  if (outcome === 'password-reset') await em.transactional((tx) => announceSessionsEnded(tx, 'admin', [existing.id]));
  return outcome;
}
