export { startSocialService, createSocialService } from './service.js';
export type { SocialService, SocialServiceOptions } from './service.js';
export type { SocialContext } from './context.js';
