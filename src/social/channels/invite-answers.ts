import type { SocialDb } from '../store.js';
import type { InviteRole } from './tables.js';

/**
 * The answer to a fid's last answered invite of a channel and role. Spec §3.2: once given, "the response
 * cannot be changed", so giving it again (a client retrying after a timeout) succeeds and changes nothing,
 * and the other answer is refused. A new invite of that role is a new question: it clears the answer.
 */

export interface InviteAnswer {
  channelId: string;
  fid: number;
  role: InviteRole;
}

/** true: accepted; false: declined; undefined: no answer kept. */
export async function answerOf(db: SocialDb, answer: InviteAnswer): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('channel_invite_answers')
    .select('accepted')
    .where('channel_id', '=', answer.channelId)
    .where('fid', '=', answer.fid)
    .where('role', '=', answer.role)
    .executeTakeFirst();
  return row?.accepted;
}

export async function keepAnswer(
  db: SocialDb,
  answer: InviteAnswer & { accepted: boolean; now: number },
): Promise<void> {
  const { channelId, fid, role, accepted, now } = answer;
  await db
    .insertInto('channel_invite_answers')
    .values({ channel_id: channelId, fid, role, accepted, answered_at: now })
    .onConflict((conflict) =>
      conflict.columns(['channel_id', 'fid', 'role']).doUpdateSet({ accepted, answered_at: now }),
    )
    .execute();
}

export async function clearAnswer(db: SocialDb, answer: InviteAnswer): Promise<void> {
  await db
    .deleteFrom('channel_invite_answers')
    .where('channel_id', '=', answer.channelId)
    .where('fid', '=', answer.fid)
    .where('role', '=', answer.role)
    .execute();
}
