/**
 * The accounts domain's front door: other folders import from here, never from a file inside accounts/
 * (.dependency-cruiser.cjs refuses it). Its resolvers, the rule of a staff session for a statement that checks one in
 * its own round trip, and what the app and the jobs start.
 */
import { AccountResolver } from './account.resolver.js';

export const accountResolvers = [AccountResolver] as const;

// The staff session's rule as SQL, for the technician's schedule: it checks the session in the same statement.
export { staffSessionParams, technicianSessionHoldsSql } from './repository/staff-session.repository.js';
