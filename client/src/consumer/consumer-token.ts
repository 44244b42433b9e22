import { decodeTokenPayload, type ConsumerTokenPayload } from '../lib/jwt';
import { readToken } from '../lib/storage';

/** True when the stored data token says an external company handles the visit. */
export function isExternalVisit(): boolean {
  return decodeTokenPayload<ConsumerTokenPayload>(readToken('consumer')).external?.state === true;
}
