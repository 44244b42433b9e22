import type { AppServices } from '../context.js';
import { touchSessionLastSeen } from './repository/staff-session.repository.js';

/** A session's last seen moves in steps of this size: a busy device costs one write per step, not per request. */
export const LAST_SEEN_STEP_MS = 5 * 60_000;
/** Sessions remembered by this process; the oldest is forgotten first (it is written again at most once more). */
const REMEMBERED = 5000;

/** When this process last wrote each session's last seen (on the server's clock). */
const written = new Map<string, number>();

/**
 * Records that a session made a request, after the answer's authentication, without waiting: at most once per step
 * per process, and the statement itself skips a row another instance wrote within the step.
 */
export function noteSessionSeen(
  services: Pick<AppServices, 'plainStatements' | 'clock' | 'logger'>,
  sessionId: string,
) {
  const now = services.clock.now();
  const last = written.get(sessionId);
  if (last !== undefined && Math.abs(now.getTime() - last) < LAST_SEEN_STEP_MS) return;
  written.delete(sessionId);
  if (written.size >= REMEMBERED) written.delete(written.keys().next().value!);
  written.set(sessionId, now.getTime());
  // Not awaited: the request goes on; a failed write only leaves last seen a step behind.
  void touchSessionLastSeen(services, sessionId, now, LAST_SEEN_STEP_MS).catch((error: unknown) =>
    services.logger.warn({ err: error }, 'last seen of a session not written'),
  );
}
