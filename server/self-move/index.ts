import { SelfMoveSettingResolver } from './self-move-setting.resolver.js';
import { SelfMoveResolver } from './self-move.resolver.js';

export const selfMoveResolvers = [SelfMoveResolver, SelfMoveSettingResolver] as const;
