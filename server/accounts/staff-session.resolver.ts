import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { Role, STAFF } from '../common/auth/role.js';
import { EndAccountSessionsPayload, EndSessionPayload, StaffDevice } from './staff-session.types.js';
import { SESSIONS_LISTED, StaffSessionService } from './staff-session.service.js';

/** "My devices" of every staff member, and an admin signing an account out everywhere. */
@Resolver()
@RequireRoleForAll(...STAFF)
export class StaffSessionResolver {
  @Query(() => [StaffDevice], {
    description: `The devices the caller is signed in on, this one first, then by last seen; at most ${SESSIONS_LISTED}. An admin acting as a technician sees the admin's own.`,
  })
  async myDevices(@Ctx() ctx: AppContext): Promise<StaffDevice[]> {
    const { sessions, current } = await new StaffSessionService(ctx).mine();
    return sessions.map((session) => ({
      id: session.id,
      browser: session.browser,
      os: session.os,
      signedInAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      current: session.id === current,
    }));
  }

  @Mutation(() => EndSessionPayload, {
    description:
      "Signs one of the caller's devices out (this one too): its token is refused from its next request, on every server. Unknown or another's: NOT_FOUND.",
  })
  async endSession(
    @Ctx() ctx: AppContext,
    @Arg('id', { description: 'The session id of the device (StaffDevice.id).' }) id: string,
  ): Promise<EndSessionPayload> {
    return { id: await new StaffSessionService(ctx).end(id) };
  }

  @Mutation(() => EndAccountSessionsPayload, {
    description: "Signs an office account out on every device. One's own account: OWN_SESSIONS.",
  })
  @RequireRole(Role.ADMIN)
  async endAdminSessions(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id of the office account.' }) id: number,
  ): Promise<EndAccountSessionsPayload> {
    return { id: await new StaffSessionService(ctx).endAllOf({ kind: 'admin', id }) };
  }

  @Mutation(() => EndAccountSessionsPayload, { description: 'Signs a technician out on every device.' })
  @RequireRole(Role.ADMIN)
  async endTechnicianSessions(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id of the technician.' }) id: number,
  ): Promise<EndAccountSessionsPayload> {
    return { id: await new StaffSessionService(ctx).endAllOf({ kind: 'technician', id }) };
  }
}
