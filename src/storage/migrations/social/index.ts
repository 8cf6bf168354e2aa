import type { MigrationSet } from '../../migration.js';
import { createServiceMeta } from '../shared/service-meta.js';
import { createChannelMembership } from './channel-membership.js';
import { createCastFeed } from './cast-feed.js';
import { orderCatalog } from './catalog-order.js';
import { createCatalog } from './catalog.js';
import { createReadVersions } from './read-versions.js';
import { createChannels } from './channels.js';
import { createInviteAnswers } from './invite-answers.js';
import { createListVersions } from './list-versions.js';
import { orderMembership } from './membership-order.js';
import { createModeration } from './moderation.js';
import { createNodeIndex } from './node-index.js';
import { createRateLimits } from './rate-limits.js';
import { createSignedKeyRequests } from './signed-key-requests.js';
import { createSlidingRateLimits } from './sliding-rate-limits.js';

/** The social service's schema history, oldest first. Append only; never edit an applied migration. */
export const socialMigrations: MigrationSet = {
  '0001_service_meta': createServiceMeta,
  '0002_node_index': createNodeIndex,
  '0003_rate_limits': createRateLimits,
  '0004_channels': createChannels,
  '0005_channel_membership': createChannelMembership,
  '0006_moderation': createModeration,
  '0007_signed_key_requests': createSignedKeyRequests,
  '0008_catalog': createCatalog,
  '0009_sliding_rate_limits': createSlidingRateLimits,
  '0010_list_versions': createListVersions,
  '0012_membership_order': orderMembership,
  '0013_invite_answers': createInviteAnswers,
  '0015_catalog_order': orderCatalog,
  '0016_cast_feed': createCastFeed,
  '0017_read_versions': createReadVersions,
};
