import type { Generated } from 'kysely';

/**
 * Channel tables (src/storage/migrations/social/channels.ts, channel-membership.ts, membership-order.ts
 * and invite-answers.ts). Times are UNIX seconds; `id` and `seq` columns number rows in insertion order
 * and break ties between rows of the same second.
 */

export interface ChannelsTable {
  /** Immutable, `[a-z0-9-]+`. */
  id: string;
  /** The parent url of the channel's casts; unique. */
  url: string;
  name: string;
  /** '' when the channel has none; `@username` mentions are cut out and kept in the two columns below. */
  description: string;
  /** JSON arrays of integers, equal length (spec §2.1); positions are UTF-8 byte offsets. */
  description_mentions: string;
  description_mentions_positions: string;
  /** The owner. */
  lead_fid: number | null;
  image_url: string;
  header_image_url: string;
  external_link_title: string | null;
  external_link_url: string | null;
  public_casting: boolean;
  pinned_cast_hash: Uint8Array | null;
  created_at: number;
}

export type ChannelRole = 'owner' | 'moderator' | 'member';

/** One row per fid holding a role in a channel; the owner has one too, so member counts include them. */
export interface ChannelRolesTable {
  seq: Generated<number>;
  channel_id: string;
  fid: number;
  role: ChannelRole;
  /** When the fid became a member (kept, with `seq`, when a member is promoted to moderator). */
  member_at: number;
}

/** Who follows which channel; read by pin announcements too. */
export interface ChannelFollowsTable {
  seq: Generated<number>;
  channel_id: string;
  fid: number;
  followed_at: number;
}

export type InviteRole = 'member' | 'moderator';

/** Outstanding invites only: answering or revoking one deletes its row. One per (channel, invitee). */
export interface ChannelInvitesTable {
  id: Generated<number>;
  channel_id: string;
  invited_fid: number;
  inviter_fid: number;
  role: InviteRole;
  invited_at: number;
}

/**
 * The answer to a fid's last answered invite of a channel and role, so answering again the same way
 * succeeds and another way is refused (spec §3.2); a new invite of that role clears it.
 */
export interface ChannelInviteAnswersTable {
  channel_id: string;
  fid: number;
  role: InviteRole;
  accepted: boolean;
  answered_at: number;
}

/** `restricted` (removed member or unbanned user) and `banned` exclude each other (spec §3.3, §3.4). */
export type SanctionKind = 'restricted' | 'banned';

/**
 * History of restrictions and bans: a row is active until `ended_at` is set. At most one active row per
 * (channel, fid), which a partial unique index enforces.
 */
export interface ChannelSanctionsTable {
  id: Generated<number>;
  channel_id: string;
  fid: number;
  kind: SanctionKind;
  /** Who caused it (the remover or banner; the unbanner for the restriction an unban starts). */
  actor_fid: number;
  started_at: number;
  ended_at: number | null;
}

/** Bots a channel owner may make moderator directly (spec §4.2 rule 6); managed through /admin/. */
export interface ChannelBotAllowlistTable {
  fid: number;
  added_at: number;
}

export interface ChannelTables {
  channels: ChannelsTable;
  channel_roles: ChannelRolesTable;
  channel_follows: ChannelFollowsTable;
  channel_invites: ChannelInvitesTable;
  channel_invite_answers: ChannelInviteAnswersTable;
  channel_sanctions: ChannelSanctionsTable;
  channel_bot_allowlist: ChannelBotAllowlistTable;
}
