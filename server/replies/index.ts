import { ReplyResolver } from './reply.resolver.js';

export const replyResolvers = [ReplyResolver] as const;
