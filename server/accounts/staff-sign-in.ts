import type { AppContext } from '../context.js';
import { Admin } from '../admins/index.js';
import { Technician } from '../technicians/index.js';
import { startSession } from './staff-session.service.js';

/**
 * The end of a sign-in whose proof was checked elsewhere (a passkey): a new session and the token that names it; a
 * technician's sign-in is its last login. The account must be usable (an active admin): the caller checked it.
 */
export async function signInStaff(ctx: AppContext, account: Admin | Technician): Promise<string> {
  if (account instanceof Technician) {
    account.lastOnline = ctx.services.clock.now();
    await ctx.em.flush();
    const sessionId = await startSession(ctx, { kind: 'technician', id: account.id });
    return ctx.services.tokens.signTechnician(account, undefined, sessionId);
  }
  const sessionId = await startSession(ctx, { kind: 'admin', id: account.id });
  return ctx.services.tokens.signAdmin(account, sessionId);
}
