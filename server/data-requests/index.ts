import { DataRequestResolver } from './data-request.resolver.js';

export const dataRequestResolvers = [DataRequestResolver] as const;

export { DataRequestSetting } from './data-request-setting.entity.js';
export { DataRequest } from './data-request.entity.js';
export { applyRetention } from './retention.js';
