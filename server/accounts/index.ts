/**
 * The accounts domain's front door: other folders import from here, never from a file inside accounts/
 * (.dependency-cruiser.cjs refuses it). Its resolvers, the authentication of a request, the rule of a staff session
 * for a statement that checks one in its own round trip, and what the ORM and the jobs run.
 */
import { AccountResolver } from './account.resolver.js';
import { StaffSessionResolver } from './staff-session.resolver.js';
import { SecondFactorResolver } from './second-factor/second-factor.resolver.js';

export const accountResolvers = [AccountResolver, StaffSessionResolver, SecondFactorResolver] as const;

// The staff session's rule as SQL, for the technician's schedule: it checks the session in the same statement.
export {
  SESSION_STATEMENT_SAMPLE,
  staffSessionParams,
  technicianSessionHoldsSql,
} from './repository/staff-session.repository.js';

// Who is calling: the app and the request context authenticate every request with it.
export { authenticate, technicianSessionOf } from './authenticate.js';

// The reset links: their entity, the cleanup of expired ones, and the mail that sends one to a new account.
export { PasswordResetToken } from './password-reset-token.entity.js';
export { StaffSession } from './staff-session.entity.js';
// Second factors: the authenticator apps, recovery codes, the requirement per country and their record.
export { TotpFactor } from './second-factor/totp-factor.entity.js';
export { RecoveryCode } from './second-factor/recovery-code.entity.js';
export { SecondFactorSetting } from './second-factor/second-factor-setting.entity.js';
export { SecurityEvent, SecurityEventKind } from './second-factor/security-event.entity.js';
export { ResetLinksCleanup } from './reset-links-cleanup.js';
export { mailNewAccount } from './password-mail.js';

// A sign-in by other means (a passkey) ends as a password sign-in does: a session, and a token naming it.
export { signInStaff } from './staff-sign-in.js';
// The caller's own staff account (an admin acting as a technician is the admin), and whose a session is.
export { ownAccountOf, type SessionOwner } from './staff-session.service.js';
// The answers of a sign-in, whatever proved it.
export { AdminSignInPayload, TechnicianSignInPayload } from './account.types.js';
