import { Ctx, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { ServerInfo } from './server-info.types.js';

@Resolver()
export class ServerInfoResolver {
  @Query(() => ServerInfo, { description: 'Brand and server time; public.' })
  serverInfo(@Ctx() ctx: AppContext): ServerInfo {
    return { brand: ctx.services.config.brand, now: ctx.services.clock.now() };
  }
}
