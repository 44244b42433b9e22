import { decodeTokenPayload, type ConsumerTokenPayload } from '../lib/jwt';
import { readToken } from '../lib/storage';

/** True when the stored data token says an external company handles the visit. */
export function isExternalVisit(): boolean {
  return decodeTokenPayload<ConsumerTokenPayload>(readToken('consumer')).external?.state === true;
}

/** Which external company (0 or 1) the stored data token names; 0 when it names none. */
export function externalCompany(): number {
  return decodeTokenPayload<ConsumerTokenPayload>(readToken('consumer')).external?.company ?? 0;
}
