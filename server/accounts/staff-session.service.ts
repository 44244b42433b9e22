import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { Role } from '../common/auth/role.js';
import { officeViewerOf } from '../common/auth/viewer.js';
import { announceSessionsEnded } from '../common/auth/sessions.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { describeUserAgent } from '../common/user-agent.js';
import { Admin } from '../admins/index.js';
import { Technician } from '../technicians/index.js';
import { StaffSession } from './staff-session.entity.js';
import { AccountError } from './account.errors.js';

/** Random bytes of a session id: never guessed, never repeated. */
const SESSION_ID_BYTES = 16;
/** Devices listed at most: a token lives 12 hours, so more would be an account signed in from everywhere. */
export const SESSIONS_LISTED = 50;

/** Whose sessions: an office account or a technician. */
export type SessionOwner = { kind: 'admin'; id: number } | { kind: 'technician'; id: number };

const ownerFilter = (owner: SessionOwner) => (owner.kind === 'admin' ? { admin: owner.id } : { technician: owner.id });

/** Starts a session for a staff member who just signed in; its id goes into the token. */
export async function startSession(ctx: AppContext, owner: SessionOwner): Promise<string> {
  const { clock, tokens } = ctx.services;
  const now = clock.now();
  const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
  const { browser, os } = describeUserAgent(ctx.userAgent);
  await ctx.em.transactional(async (em) => {
    // The account's expired sessions go with its next sign-in: no job, and the table stays as small as its use.
    await em.nativeDelete(StaffSession, { ...ownerFilter(owner), expiresAt: { $lte: now } });
    em.create(StaffSession, {
      id,
      admin: owner.kind === 'admin' ? em.getReference(Admin, owner.id) : null,
      technician: owner.kind === 'technician' ? em.getReference(Technician, owner.id) : null,
      browser,
      os,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + tokens.staffLifetimeSeconds(owner.kind) * 1000),
    });
  });
  return id;
}

/**
 * Ends every session of an account but `keep` (in the caller's transaction): a new password or "sign out everywhere".
 * Their open live streams end too, on every instance.
 */
export async function endSessionsOf(em: EntityManager, owner: SessionOwner, keep?: string): Promise<void> {
  await em.nativeDelete(StaffSession, { ...ownerFilter(owner), ...(keep ? { id: { $ne: keep } } : {}) });
  await announceSessionsEnded(em, owner.kind, [owner.id]);
}

/**
 * The caller's own staff account and session; an admin acting as a technician is the admin (the session is the
 * admin's). An application's key or a consumer: FORBIDDEN.
 */
export function ownAccountOf(ctx: AppContext): { owner: SessionOwner; current: string | undefined } {
  const viewer = ctx.viewer;
  const office = officeViewerOf(viewer);
  if (office) return { owner: { kind: 'admin', id: office.adminId }, current: office.sessionId };
  if (viewer?.role === Role.TECHNICIAN) {
    return viewer.actingAdminId === null
      ? { owner: { kind: 'technician', id: viewer.technicianId }, current: viewer.sessionId }
      : { owner: { kind: 'admin', id: viewer.actingAdminId }, current: viewer.sessionId };
  }
  throw new AppError(CommonError.FORBIDDEN);
}

export class StaffSessionService {
  constructor(private readonly ctx: AppContext) {}

  private owner(): { owner: SessionOwner; current: string | undefined } {
    return ownAccountOf(this.ctx);
  }

  /** The caller's signed-in devices, the one of this request first, then the most recently seen. */
  async mine(): Promise<{ sessions: StaffSession[]; current: string | undefined }> {
    const { owner, current } = this.owner();
    const sessions = await this.ctx.em.find(
      StaffSession,
      { ...ownerFilter(owner), expiresAt: { $gt: this.ctx.services.clock.now() } },
      { orderBy: { lastSeenAt: 'desc', id: 'asc' }, limit: SESSIONS_LISTED },
    );
    sessions.sort((a, b) => Number(b.id === current) - Number(a.id === current));
    return { sessions, current };
  }

  /** Signs one of the caller's own devices out (this one too); another's session is unknown here. */
  async end(id: string): Promise<string> {
    const { owner } = this.owner();
    return this.ctx.em.transactional(async (em) => {
      const removed = await em.nativeDelete(StaffSession, { id, ...ownerFilter(owner) });
      if (removed === 0) throw new AppError(CommonError.NOT_FOUND, { message: 'SESSION_NOT_FOUND' });
      await announceSessionsEnded(em, owner.kind, [owner.id]);
      return id;
    });
  }

  /**
   * An admin signs an account out on every device: its sessions end, and so do tokens made before sessions were
   * (the token version moves on). Refused for one's own account: "sign out" on a device is for that.
   */
  async endAllOf(owner: SessionOwner): Promise<number> {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.ADMIN) throw new AppError(CommonError.FORBIDDEN);
    return this.ctx.em.transactional(async (em) => {
      const account =
        owner.kind === 'admin' ? await em.findOne(Admin, owner.id) : await em.findOne(Technician, owner.id);
      if (!account) throw new AppError(CommonError.NOT_FOUND);
      if (owner.kind === 'admin' && owner.id === viewer.adminId) {
        throw new AppError(AccountError.OWN_SESSIONS, { message: 'CANNOT_END_OWN_SESSIONS' });
      }
      account.tokenVersion += 1;
      await em.flush();
      await endSessionsOf(em, owner);
      return owner.id;
    });
  }
}
