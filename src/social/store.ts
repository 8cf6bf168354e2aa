import type { Kysely } from 'kysely';
import type { Database, ServiceMetaTables } from '../storage/index.js';
import type { BlockTables } from './blocks/tables.js';
import type { CatalogTables } from './catalog/tables.js';
import type { ListVersionTables } from './channels/list-version.js';
import type { ChannelTables } from './channels/tables.js';
import type { ModerationTables } from './moderation/tables.js';
import type { NodeIndexTables } from './node-index/tables.js';
import type { SignedKeyRequestTables } from './keys/tables.js';
import type { RateLimitTables } from './rate-limit.js';

/** Every table of the social service (created by src/storage/migrations/social), area by area. */
export type SocialTables = ServiceMetaTables &
  NodeIndexTables &
  RateLimitTables &
  ChannelTables &
  ListVersionTables &
  ModerationTables &
  BlockTables &
  SignedKeyRequestTables &
  CatalogTables;

export type SocialDb = Kysely<SocialTables>;
export type SocialDatabase = Database<SocialTables>;
