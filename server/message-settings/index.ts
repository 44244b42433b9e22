import { MessageSettingResolver } from './message-setting.resolver.js';

export const messageSettingResolvers = [MessageSettingResolver] as const;
