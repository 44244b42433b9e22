/**
 * The passkeys domain's front door: its resolvers and entities. How a passkey is checked stays inside; a sign-in
 * with one ends in the accounts domain's session.
 */
import { PasskeyResolver } from './passkey.resolver.js';

export const passkeyResolvers = [PasskeyResolver] as const;

export { Passkey } from './passkey.entity.js';
export { PasskeyChallenge } from './passkey-challenge.entity.js';
