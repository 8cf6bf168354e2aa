import type { Generated } from 'kysely';

/**
 * Operator-curated tables (src/storage/migrations/social/catalog.ts, catalog-order.ts). Times are UNIX
 * seconds except rewards period bounds and starter-pack `member_at`, which are milliseconds as the API
 * serves them, and rewards `published_at`, milliseconds like the period it stamps. `seq` columns number
 * rows in insertion order and break ties between rows of the same time in newest-first lists.
 */

export type Platform = 'x' | 'github' | 'discord';
export type RewardsKind = 'creator' | 'developer';
export type ActionKind = 'cast' | 'composer';

/** A platform account verifies one fid; verifying it again (for any fid) replaces the row. */
export interface AccountVerificationsTable {
  seq: Generated<number>;
  platform: Platform;
  platform_id: string;
  fid: number;
  platform_username: string;
  verified_at: number;
}

export interface RewardsKindsTable {
  kind: RewardsKind;
}

export interface RewardsPeriodsTable {
  kind: RewardsKind;
  period_start: number;
  period_end: number;
  published_at: number;
}

export interface RewardsWinnersTable {
  kind: RewardsKind;
  period_start: number;
  fid: number;
  rank: number;
  score: number;
  reward_cents: number;
  /** The winner's primary ethereum address when the period was published; null when they had none. */
  wallet_address: string | null;
  /** Developer winners only. */
  domain: string | null;
  frame_name: string | null;
}

export interface StarterPacksTable {
  /** The slug of the public pack URL, e.g. `Underrated-CT-1y7n9b`. */
  id: string;
  name: string;
  description: string;
  created_at: number;
}

export interface StarterPackMembersTable {
  seq: Generated<number>;
  pack_id: string;
  fid: number;
  member_at: number;
}

/** Cast actions are listed by /v2/discover-actions, composer actions by /v2/discover-composer-actions. */
export interface ActionsTable {
  /** The operator's handle for the action; never served. */
  id: string;
  kind: ActionKind;
  name: string;
  icon: string;
  description: string;
  about_url: string;
  action_url: string;
  post_url: string;
  /** Composer actions only (and required for them). */
  image_url: string | null;
  total_users: number;
  /** Position in the curated `featured` list (composer actions only); null when not featured. */
  featured_rank: number | null;
  created_at: number;
}

export interface CatalogTables {
  account_verifications: AccountVerificationsTable;
  rewards_kinds: RewardsKindsTable;
  rewards_periods: RewardsPeriodsTable;
  rewards_winners: RewardsWinnersTable;
  starter_packs: StarterPacksTable;
  starter_pack_members: StarterPackMembersTable;
  actions: ActionsTable;
}
