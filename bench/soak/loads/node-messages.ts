/**
 * Node writes: casts (a third into a topic channel, a fifth replying to a recent cast), likes and recasts
 * of recent casts (a quarter removing an earlier one), follows and unfollows. A quarter go through gRPC
 * SubmitMessage, the rest through HTTP submitMessage, to any node process. Each account's messages come
 * from one worker at a time, and each message's timestamp is later than any earlier one with the same
 * conflict key, so every submit merges; a fid past its message budget reads instead.
 */
import { Message as GrpcMessage } from '@farcaster/hub-nodejs';
import { makeMessage } from '../../../src/protocol/builder.js';
import { Message, MessageType, ReactionType, type MessageData } from '../../../src/protocol/gen/message.js';
import { bytesToHex } from '../../../src/protocol/hex.js';
import { LIMITS } from '../../../test/support/soak/budgets.js';
import { farcasterNow, NETWORK, type SoakAccount } from '../../../test/support/soak/setup.js';
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';
import { castsByFid } from './node-reads.js';

interface CastRef {
  fid: number;
  hash: Uint8Array;
}

interface Reaction {
  key: string;
  target: CastRef;
  type: ReactionType;
}

const RECENT_CASTS = 512;
const REACTIONS_KEPT = 64;
/** Per-key timestamps remembered; old keys are not reused (targets come from recent casts). */
const MAX_KEYS = 50_000;

export function nodeMessages(world: World): Load {
  const keyTimestamps = new Map<string, number>();
  const recentCasts: CastRef[] = [];
  const following = new Map<number, Set<number>>();
  const reactions = new Map<number, Reaction[]>();
  let castCounter = 0;

  /** A timestamp later than any earlier message with the same conflict key. */
  const timestampFor = (key: string): number => {
    const timestamp = Math.max(farcasterNow(), (keyTimestamps.get(key) ?? 0) + 1);
    keyTimestamps.delete(key);
    keyTimestamps.set(key, timestamp);
    if (keyTimestamps.size > MAX_KEYS) keyTimestamps.delete(keyTimestamps.keys().next().value as string);
    return timestamp;
  };

  /** Submits over HTTP or gRPC; true when it merged. */
  const submit = async (
    operation: string,
    account: SoakAccount,
    data: Omit<MessageData, 'fid' | 'network'>,
  ) => {
    const message = makeMessage({ ...data, fid: account.fid, network: NETWORK }, account.signer);
    const bytes = Message.encode(message).finish();
    if (world.random() < 0.25) {
      const result = await world.callGrpc(`${operation} (gRPC)`, () =>
        world.grpc().submitMessage(GrpcMessage.decode(bytes)),
      );
      return { merged: result.isOk(), hash: message.hash };
    }
    const answer = await world.call('node', operation, 'POST', `${world.node()}/v1/submitMessage`, {
      raw: bytes,
    });
    return { merged: answer.status === 200, hash: message.hash };
  };

  const cast = async (account: SoakAccount) => {
    const roll = world.random();
    const parent = recentCasts.length === 0 ? undefined : world.pick(recentCasts);
    const { merged, hash } = await submit('cast', account, {
      type: MessageType.CAST_ADD,
      timestamp: farcasterNow(),
      castAddBody: {
        text: `soak cast ${++castCounter} from ${account.fid} ✓`,
        embeds: [],
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
        type: 0,
        parentUrl:
          roll < 0.33 && world.topicChannels.length > 0
            ? `https://farcaster.xyz/~/channel/${world.pick(world.topicChannels)}`
            : undefined,
        parentCastId: roll >= 0.33 && roll < 0.53 ? parent : undefined,
      },
    });
    if (!merged) return;
    recentCasts.push({ fid: account.fid, hash });
    if (recentCasts.length > RECENT_CASTS) recentCasts.shift();
  };

  const castNotBy = (fid: number): CastRef => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const candidate = world.pick(recentCasts);
      if (candidate.fid !== fid) return candidate;
    }
    return world.pick(recentCasts);
  };

  const react = async (account: SoakAccount) => {
    const earlier = reactions.get(account.fid) ?? [];
    reactions.set(account.fid, earlier);
    const previous = earlier.length > 0 && world.random() < 0.25 ? earlier.shift() : undefined;
    if (previous !== undefined) {
      const { target, type, key } = previous;
      await submit('reaction remove', account, {
        type: MessageType.REACTION_REMOVE,
        timestamp: timestampFor(key),
        reactionBody: { type, targetCastId: target },
      });
      return;
    }
    if (recentCasts.length === 0) return cast(account);
    const target = castNotBy(account.fid);
    const type = world.random() < 0.8 ? ReactionType.LIKE : ReactionType.RECAST;
    const key = `r:${account.fid}:${type}:${bytesToHex(target.hash)}`;
    const { merged } = await submit('reaction', account, {
      type: MessageType.REACTION_ADD,
      timestamp: timestampFor(key),
      reactionBody: { type, targetCastId: target },
    });
    if (!merged) return;
    earlier.push({ key, target, type });
    if (earlier.length > REACTIONS_KEPT) earlier.shift();
  };

  const link = async (account: SoakAccount) => {
    const target = world.other(account);
    const follows = following.get(account.fid) ?? new Set<number>();
    following.set(account.fid, follows);
    const adding = !follows.has(target.fid);
    const { merged } = await submit(adding ? 'follow' : 'unfollow', account, {
      type: adding ? MessageType.LINK_ADD : MessageType.LINK_REMOVE,
      timestamp: timestampFor(`l:${account.fid}:${target.fid}`),
      linkBody: { type: 'follow', targetFid: target.fid },
    });
    if (!merged) return;
    if (adding) follows.add(target.fid);
    else follows.delete(target.fid);
  };

  /** `write` with an idle account within its message budget; a read otherwise. */
  const write = (task: (account: SoakAccount) => Promise<void>) => () =>
    world.withIdleAccount(
      (account) =>
        world.withBudget(
          [[LIMITS.messages, `messages:${account.fid}`]],
          () => task(account),
          () => castsByFid(world),
        ),
      () => castsByFid(world),
    );

  return {
    operations: [
      { service: 'node', name: 'cast', weight: 12, run: write(cast) },
      { service: 'node', name: 'reaction', weight: 12, run: write(react) },
      { service: 'node', name: 'link', weight: 6, run: write(link) },
    ],
  };
}
