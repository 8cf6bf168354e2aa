import assert from 'node:assert/strict';
import {
  castAdd,
  castIdOf,
  castRemove,
  ethAccount,
  link,
  reaction,
  setUpAccount,
  storeFnameProof,
  userData,
  verificationAdd,
} from '../../src/node/engine/testing.js';
import type { TestAccount } from '../../src/node/engine/testing.js';
import type { NodeHttpHarness } from '../../src/node/http/testing.js';
import { ReactionType, UserDataType } from '../../src/protocol/gen/message.js';
import type { ReceivedMessage } from '../../src/protocol/message.js';

export const CHANNEL = 'https://example.com/channel';

export type SeededMessage =
  | 'b1'
  | 'a1'
  | 'reply'
  | 'channel'
  | 'mention'
  | 'doomed'
  | 'removal'
  | 'like'
  | 'recast'
  | 'urlLike'
  | 'follow'
  | 'followBack'
  | 'pfp'
  | 'display'
  | 'verification';

export interface ReadSeed {
  alice: TestAccount;
  bob: TestAccount;
  /** The address alice verified. */
  eth: ReturnType<typeof ethAccount>;
  m: Record<SeededMessage, ReceivedMessage>;
}

/**
 * The node the read tests share: alice (fid 1) and bob (fid 2), each message kind once, dated `ago`
 * seconds before the test clock's now (oldest first: b1 at 500 ... verification at 100), and alice's fname.
 */
export async function seedReads(node: NodeHttpHarness): Promise<ReadSeed> {
  const { db } = node.database;
  const alice = await setUpAccount(db, 1);
  const bob = await setUpAccount(db, 2);
  const eth = ethAccount(1);
  const b1 = castAdd(bob, 'hi from bob', 500);
  const doomed = castAdd(alice, 'doomed', 190);
  const m: ReadSeed['m'] = {
    b1,
    a1: castAdd(alice, 'first', 400),
    reply: castAdd(alice, 'reply', 300, { parentCastId: castIdOf(b1) }),
    channel: castAdd(alice, 'in a channel', 250, { parentUrl: CHANNEL }),
    mention: castAdd(alice, 'hey bob', 200, { mentions: [2] }),
    doomed,
    removal: castRemove(alice, doomed.message.hash, 180),
    like: reaction(alice, true, { castId: castIdOf(b1) }, 170, ReactionType.LIKE),
    recast: reaction(alice, true, { castId: castIdOf(b1) }, 160, ReactionType.RECAST),
    urlLike: reaction(bob, true, { url: CHANNEL }, 150),
    follow: link(alice, true, 2, 140),
    followBack: link(bob, true, 1, 130),
    pfp: userData(alice, UserDataType.PFP, 'https://example.com/a.png', 120),
    display: userData(alice, UserDataType.DISPLAY, 'Alice', 110),
    verification: await verificationAdd(alice, eth, 100),
  };
  await mergeAll(node, Object.values(m));
  await storeFnameProof(db, 'alice', 1);
  return { alice, bob, eth, m };
}

/** Merges `messages` in one batch; every one must merge. */
export async function mergeAll(node: NodeHttpHarness, messages: ReceivedMessage[]): Promise<void> {
  const outcomes = await node.engine.mergeMessages(messages);
  assert.ok(
    outcomes.every((outcome) => outcome.ok),
    JSON.stringify(outcomes.filter((o) => !o.ok)),
  );
}
