import type { Generated } from 'kysely';

/**
 * Moderation tables (src/storage/migrations/social/moderation.ts). Times are UNIX seconds; `id` numbers
 * rows in insertion order and breaks ties between rows of the same second.
 */

export type ModerationAction = 'hide' | 'unhide';

/** The moderation log: every hide and unhide, never rewritten; a cast's latest action is its state. */
export interface CastModerationActionsTable {
  id: Generated<number>;
  /** 20-byte cast hash. */
  cast_hash: Uint8Array;
  channel_id: string;
  action: ModerationAction;
  /** Who acted (kept for audit, not served). */
  moderator_fid: number;
  moderated_at: number;
}

/** Announcement notifications sent when a cast is pinned with notifyChannelFollowers; one per recipient and cast. */
export interface ChannelAnnouncementsTable {
  id: Generated<number>;
  recipient_fid: number;
  channel_id: string;
  cast_hash: Uint8Array;
  created_at: number;
}

export interface ModerationTables {
  cast_moderation_actions: CastModerationActionsTable;
  channel_announcements: ChannelAnnouncementsTable;
}
