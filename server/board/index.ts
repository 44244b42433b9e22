import { BoardResolver } from './board.resolver.js';

export const boardResolvers = [BoardResolver] as const;
