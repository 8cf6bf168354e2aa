/**
 * The soak's mixed load: what each operation sends, and the little state that keeps every request valid
 * (so that any non-2xx is a finding, not noise). Accounts, name pairs and invite slots are leased to one
 * worker at a time, so concurrent workers never race each other into conflicts; timestamps per message
 * conflict key only move forward.
 */
import { signUserNameProofClaim } from '../../src/protocol/eip712/index.js';
import { makeMessage } from '../../src/protocol/builder.js';
import { Message, MessageType, ReactionType, type MessageData } from '../../src/protocol/gen/message.js';
import { bytesToHex } from '../../src/protocol/hex.js';
import type { DevnetFile } from '../../src/cli/dev/devnet-file.js';
import type { Answer, Client, RequestOptions } from './http.js';
import { farcasterNow, NETWORK, Tokens, type SoakAccount } from './setup.js';
import type { Outcome, Service } from './stats.js';

/** Where each request's outcome goes. */
export type Recorder = (service: Service, operation: string, outcome: Outcome, answer: Answer) => void;

interface CastRef {
  fid: number;
  hash: Uint8Array;
}

interface NamePair {
  name: string;
  a: SoakAccount;
  b: SoakAccount;
  /** 0: nobody holds the name (register to a), 1: a holds it (transfer to b), 2: b holds it (unregister). */
  step: 0 | 1 | 2;
  busy: boolean;
}

interface InviteSlot {
  owner: SoakAccount;
  invitee: SoakAccount;
  channelId: string;
  /** Channels this owner has made so far, for the next id. */
  generation: number;
  /** 0: invite, 1: the invitee accepts, 2: the owner removes the member. */
  step: 0 | 1 | 2;
  /** Invite POST/DELETE calls on this channel in the current clock hour (the limit is 100). */
  window: number;
  calls: number;
  busy: boolean;
}

/** Invite calls per caller, channel and clock hour before the owner moves on to a new channel. */
const INVITE_BUDGET = 96;
const HOUR_MS = 3_600_000;
const RECENT_CASTS = 512;
/** Per-key timestamps remembered; old keys are not reused (targets come from recent casts). */
const MAX_KEYS = 50_000;

export interface Operation {
  service: Service;
  name: string;
  weight: number;
  run(world: World): Promise<void>;
}

export class World {
  readonly tokens = new Tokens();
  private readonly freeFids: SoakAccount[];
  private readonly keyTimestamps = new Map<string, number>();
  private readonly recentCasts: CastRef[] = [];
  private readonly following = new Map<number, Set<number>>();
  private readonly liked = new Map<number, { key: string; target: CastRef; type: ReactionType }[]>();
  private readonly blocking = new Map<number, Set<number>>();
  private readonly channelFollows = new Map<number, Set<string>>();
  private castCounter = 0;
  private eventsTail = 0;
  private eventsScan = 0;
  private eventsRead = 0;
  private namesLastId = 0;
  readonly namePairs: NamePair[];
  readonly inviteSlots: InviteSlot[];
  readonly topicChannels: string[] = [];

  constructor(
    readonly client: Client,
    readonly urls: DevnetFile['urls'],
    readonly accounts: readonly SoakAccount[],
    private readonly record: Recorder,
    private readonly random: () => number,
  ) {
    this.freeFids = [...accounts];
    // Disjoint roles: the first quarter pairs up for names, the next quarter owns and joins invite channels.
    const quarter = Math.floor(accounts.length / 4);
    this.namePairs = [];
    for (let i = 0; i + 1 < quarter; i += 2) {
      this.namePairs.push({
        name: `soak-${i / 2}`,
        a: accounts[i] as SoakAccount,
        b: accounts[i + 1] as SoakAccount,
        step: 0,
        busy: false,
      });
    }
    this.inviteSlots = [];
    for (let i = quarter; i + 1 < 2 * quarter; i += 2) {
      const owner = accounts[i] as SoakAccount;
      this.inviteSlots.push({
        owner,
        invitee: accounts[i + 1] as SoakAccount,
        channelId: '',
        generation: 0,
        step: 0,
        window: 0,
        calls: 0,
        busy: false,
      });
    }
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  private other(account: SoakAccount): SoakAccount {
    for (;;) {
      const candidate = this.pick(this.accounts);
      if (candidate.fid !== account.fid) return candidate;
    }
  }

  /** Sends one request and records it; `expected` lists non-2xx statuses that are correct answers here. */
  async call(
    service: Service,
    operation: string,
    method: string,
    url: string,
    options: RequestOptions = {},
    expected: readonly number[] = [],
  ): Promise<Answer> {
    const answer = await this.client.request(method, url, options);
    this.record(service, operation, classify(service, answer, expected), answer);
    return answer;
  }

  // ---- setup ----

  /** Topic channels for follows and casts, and one invite channel per slot, its invitee following it. */
  async createChannels(topics: number): Promise<void> {
    for (let i = 0; i < topics; i++) {
      const owner = this.pick(this.accounts);
      const id = `topic-${i}`;
      await this.mustSucceed('POST', `${this.urls.social}/fc/channels`, owner, {
        id,
        name: `Topic ${i}`,
        description: 'soak test channel',
      });
      this.topicChannels.push(id);
    }
    for (const slot of this.inviteSlots) await this.newInviteChannel(slot, false);
  }

  private async mustSucceed(method: string, url: string, account: SoakAccount, json: unknown): Promise<void> {
    const answer = await this.client.request(method, url, { token: this.tokens.of(account), json });
    if (answer.status !== 200) throw new Error(`setup: ${method} ${url} -> ${answer.status} ${answer.body}`);
  }

  /** A new channel for the slot, its invitee following it; the slot moves there once both succeeded. */
  private async newInviteChannel(slot: InviteSlot, recorded: boolean): Promise<void> {
    const generation = slot.generation + 1;
    const channelId = `s${slot.owner.fid}g${generation}`;
    const create = { id: channelId, name: `Soak ${channelId}` };
    const follow = { channelId };
    if (!recorded) {
      await this.mustSucceed('POST', `${this.urls.social}/fc/channels`, slot.owner, create);
      await this.mustSucceed('POST', `${this.urls.social}/fc/channel-follows`, slot.invitee, follow);
    } else {
      const created = await this.call('social', 'channel create', 'POST', `${this.urls.social}/fc/channels`, {
        token: this.tokens.of(slot.owner),
        json: create,
      });
      if (created.status !== 200) return;
      // The id is taken now, whatever happens next.
      slot.generation = generation;
      const followed = await this.call(
        'social',
        'channel follow',
        'POST',
        `${this.urls.social}/fc/channel-follows`,
        {
          token: this.tokens.of(slot.invitee),
          json: follow,
        },
      );
      if (followed.status !== 200) return;
    }
    slot.generation = generation;
    slot.channelId = channelId;
    slot.step = 0;
    slot.calls = 0;
    slot.window = Math.floor(Date.now() / HOUR_MS);
  }

  // ---- node ----

  /** Runs `task` with an account no other worker is submitting for; a read when all are busy. */
  async nodeWrite(task: (account: SoakAccount) => Promise<void>): Promise<void> {
    const index = Math.floor(this.random() * this.freeFids.length);
    const [account] = this.freeFids.splice(index, 1);
    if (account === undefined) return this.castsByFid();
    try {
      await task(account);
    } finally {
      this.freeFids.push(account);
    }
  }

  /** A timestamp later than any earlier message with the same conflict key. */
  private timestampFor(key: string): number {
    const timestamp = Math.max(farcasterNow(), (this.keyTimestamps.get(key) ?? 0) + 1);
    this.keyTimestamps.delete(key);
    this.keyTimestamps.set(key, timestamp);
    if (this.keyTimestamps.size > MAX_KEYS) {
      const oldest = this.keyTimestamps.keys().next().value;
      if (oldest !== undefined) this.keyTimestamps.delete(oldest);
    }
    return timestamp;
  }

  private async submit(operation: string, account: SoakAccount, data: Omit<MessageData, 'fid' | 'network'>) {
    const message = makeMessage({ ...data, fid: account.fid, network: NETWORK }, account.signer);
    const answer = await this.call('node', operation, 'POST', `${this.urls.node}/v1/submitMessage`, {
      raw: Message.encode(message).finish(),
    });
    return { answer, hash: message.hash };
  }

  async cast(account: SoakAccount): Promise<void> {
    const roll = this.random();
    const parent = this.recentCasts.length === 0 ? undefined : this.pick(this.recentCasts);
    const { answer, hash } = await this.submit('cast', account, {
      type: MessageType.CAST_ADD,
      timestamp: farcasterNow(),
      castAddBody: {
        text: `soak cast ${++this.castCounter} from ${account.fid} ✓`,
        embeds: [],
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
        type: 0,
        // A third go into a topic channel, a fifth reply to a recent cast, the rest stand alone.
        parentUrl:
          roll < 0.33 && this.topicChannels.length > 0
            ? `https://farcaster.xyz/~/channel/${this.pick(this.topicChannels)}`
            : undefined,
        parentCastId: roll >= 0.33 && roll < 0.53 && parent !== undefined ? parent : undefined,
      },
    });
    if (answer.status === 200) {
      this.recentCasts.push({ fid: account.fid, hash });
      if (this.recentCasts.length > RECENT_CASTS) this.recentCasts.shift();
    }
  }

  async react(account: SoakAccount): Promise<void> {
    const likes = this.liked.get(account.fid) ?? [];
    this.liked.set(account.fid, likes);
    const previous = likes.length > 0 && this.random() < 0.25 ? likes.shift() : undefined;
    if (previous !== undefined) {
      const { target, type, key } = previous;
      await this.submit('reaction remove', account, {
        type: MessageType.REACTION_REMOVE,
        timestamp: this.timestampFor(key),
        reactionBody: { type, targetCastId: { fid: target.fid, hash: target.hash } },
      });
      return;
    }
    if (this.recentCasts.length === 0) return this.cast(account);
    const target = this.pickCastNotBy(account.fid);
    const type = this.random() < 0.8 ? ReactionType.LIKE : ReactionType.RECAST;
    const key = `r:${account.fid}:${type}:${bytesToHex(target.hash)}`;
    const { answer } = await this.submit('reaction', account, {
      type: MessageType.REACTION_ADD,
      timestamp: this.timestampFor(key),
      reactionBody: { type, targetCastId: { fid: target.fid, hash: target.hash } },
    });
    if (answer.status === 200) {
      likes.push({ key, target, type });
      if (likes.length > 64) likes.shift();
    }
  }

  private pickCastNotBy(fid: number): CastRef {
    for (let attempt = 0; attempt < 8; attempt++) {
      const cast = this.pick(this.recentCasts);
      if (cast.fid !== fid) return cast;
    }
    return this.pick(this.recentCasts);
  }

  async link(account: SoakAccount): Promise<void> {
    const target = this.other(account);
    const follows = this.following.get(account.fid) ?? new Set<number>();
    this.following.set(account.fid, follows);
    const adding = !follows.has(target.fid);
    const { answer } = await this.submit(adding ? 'follow' : 'unfollow', account, {
      type: adding ? MessageType.LINK_ADD : MessageType.LINK_REMOVE,
      timestamp: this.timestampFor(`l:${account.fid}:${target.fid}`),
      linkBody: { type: 'follow', targetFid: target.fid },
    });
    if (answer.status === 200) {
      if (adding) follows.add(target.fid);
      else follows.delete(target.fid);
    }
  }

  async castsByFid(): Promise<void> {
    const { fid } = this.pick(this.accounts);
    const url = `${this.urls.node}/v1/castsByFid?fid=${fid}&pageSize=25&reverse=true`;
    const answer = await this.call('node', 'castsByFid', 'GET', url);
    const token =
      answer.status === 200 ? (JSON.parse(answer.body) as { nextPageToken?: string }).nextPageToken : '';
    if (token !== undefined && token !== '' && this.random() < 0.25) {
      await this.call('node', 'castsByFid', 'GET', `${url}&pageToken=${encodeURIComponent(token)}`);
    }
  }

  /** Alternates a reader tailing the log and one reading it from the start again and again. */
  async events(): Promise<void> {
    const tail = this.eventsRead++ % 2 === 0;
    const from = tail ? this.eventsTail : this.eventsScan;
    const answer = await this.call(
      'node',
      'events',
      'GET',
      `${this.urls.node}/v1/events?from_event_id=${from}`,
    );
    if (answer.status !== 200) return;
    const page = JSON.parse(answer.body) as { events: unknown[]; nextPageEventId: number };
    if (tail) {
      if (page.events.length > 0) this.eventsTail = Math.max(this.eventsTail, page.nextPageEventId);
    } else {
      this.eventsScan = page.events.length === 0 ? 0 : page.nextPageEventId;
    }
  }

  // ---- names ----

  /** One step of a pair's register → transfer → unregister cycle; false when every pair is busy. */
  async nameStep(): Promise<boolean> {
    const free = this.namePairs.filter((pair) => !pair.busy);
    if (free.length === 0) return false;
    const pair = this.pick(free);
    pair.busy = true;
    try {
      const { a, b, name } = pair;
      const [from, to, actor, operation] =
        pair.step === 0
          ? [0, a.fid, a, 'register']
          : pair.step === 1
            ? [a.fid, b.fid, a, 'transfer']
            : [b.fid, 0, b, 'unregister'];
      const timestamp = Math.floor(Date.now() / 1000);
      const owner = actor.custody.address;
      const signature = await signUserNameProofClaim({ name, timestamp, owner }, actor.custody.privateKey);
      const answer = await this.call('names', operation, 'POST', `${this.urls.names}/transfers`, {
        json: { name, from, to, fid: actor.fid, owner, timestamp, signature },
      });
      if (answer.status === 200) {
        pair.step = ((pair.step + 1) % 3) as NamePair['step'];
        const { transfer } = JSON.parse(answer.body) as { transfer: { id: number } };
        this.namesLastId = Math.max(this.namesLastId, transfer.id);
      }
    } finally {
      pair.busy = false;
    }
    return true;
  }

  async nameRead(): Promise<void> {
    const roll = this.random();
    const pair = this.namePairs.length > 0 ? this.pick(this.namePairs) : undefined;
    if (roll < 0.4 && pair !== undefined) {
      // 404 when the name is between an unregistration and its next registration.
      await this.call(
        'names',
        'current',
        'GET',
        `${this.urls.names}/transfers/current?name=${pair.name}`,
        {},
        [404],
      );
    } else if (roll < 0.7) {
      const fromId = Math.floor(this.random() * Math.max(1, this.namesLastId));
      await this.call('names', 'transfers', 'GET', `${this.urls.names}/transfers?from_id=${fromId}`);
    } else {
      const { fid } = this.pick(this.accounts);
      await this.call('names', 'transfers by fid', 'GET', `${this.urls.names}/transfers?fid=${fid}`);
    }
  }

  // ---- social ----

  async channelFollow(): Promise<void> {
    if (this.topicChannels.length === 0) return;
    const account = this.pick(this.accounts);
    const channelId = this.pick(this.topicChannels);
    const follows = this.channelFollows.get(account.fid) ?? new Set<string>();
    this.channelFollows.set(account.fid, follows);
    const adding = !follows.has(channelId);
    const answer = await this.call(
      'social',
      adding ? 'channel follow' : 'channel unfollow',
      adding ? 'POST' : 'DELETE',
      `${this.urls.social}/fc/channel-follows`,
      { token: this.tokens.of(account), json: { channelId } },
    );
    if (answer.status === 200) {
      if (adding) follows.add(channelId);
      else follows.delete(channelId);
    }
  }

  async block(): Promise<void> {
    const account = this.pick(this.accounts);
    const target = this.other(account);
    const blocks = this.blocking.get(account.fid) ?? new Set<number>();
    this.blocking.set(account.fid, blocks);
    const adding = !blocks.has(target.fid);
    const answer = await this.call(
      'social',
      adding ? 'block' : 'unblock',
      adding ? 'POST' : 'DELETE',
      `${this.urls.social}/fc/blocked-users`,
      {
        token: this.tokens.of(account),
        json: adding ? { blockFid: target.fid } : { unblockFid: target.fid },
      },
    );
    if (answer.status === 200) {
      if (adding) blocks.add(target.fid);
      else blocks.delete(target.fid);
    }
  }

  /** One step of a slot's invite → accept → remove cycle; false when every slot is busy. */
  async inviteStep(): Promise<boolean> {
    const free = this.inviteSlots.filter((slot) => !slot.busy);
    if (free.length === 0) return false;
    const slot = this.pick(free);
    slot.busy = true;
    try {
      const window = Math.floor(Date.now() / HOUR_MS);
      if (window !== slot.window) {
        slot.window = window;
        slot.calls = 0;
      }
      // Stay under the 100 calls per caller, channel and hour: a new channel instead of a 429.
      if (slot.step !== 1 && slot.calls >= INVITE_BUDGET) {
        await this.newInviteChannel(slot, true);
        return true;
      }
      const url = `${this.urls.social}/fc/channel-invites`;
      const { channelId, owner, invitee } = slot;
      let answer: Answer;
      if (slot.step === 0) {
        slot.calls++;
        answer = await this.call('social', 'invite', 'POST', url, {
          token: this.tokens.of(owner),
          json: { channelId, inviteFid: invitee.fid, role: 'member' },
        });
      } else if (slot.step === 1) {
        answer = await this.call('social', 'invite accept', 'PATCH', url, {
          token: this.tokens.of(invitee),
          json: { channelId, role: 'member', accept: true },
        });
      } else {
        slot.calls++;
        answer = await this.call('social', 'member remove', 'DELETE', url, {
          token: this.tokens.of(owner),
          json: { channelId, removeFid: invitee.fid, role: 'member' },
        });
      }
      if (answer.status === 200) slot.step = ((slot.step + 1) % 3) as InviteSlot['step'];
    } finally {
      slot.busy = false;
    }
    return true;
  }

  private someChannel(): string {
    const invites = this.inviteSlots.map((slot) => slot.channelId);
    return this.pick([...this.topicChannels, ...invites]);
  }

  async channelRead(): Promise<void> {
    const channelId = this.someChannel();
    if (this.random() < 0.7) {
      await this.call('social', 'channel', 'GET', `${this.urls.social}/v1/channel?channelId=${channelId}`);
    } else {
      await this.call(
        'social',
        'channel followers',
        'GET',
        `${this.urls.social}/v1/channel-followers?channelId=${channelId}`,
      );
    }
  }

  async membersRead(): Promise<void> {
    const channelId = this.someChannel();
    await this.call(
      'social',
      'channel members',
      'GET',
      `${this.urls.social}/fc/channel-members?channelId=${channelId}`,
    );
  }

  async blockedRead(): Promise<void> {
    const { fid } = this.pick(this.accounts);
    await this.call(
      'social',
      'blocked users',
      'GET',
      `${this.urls.social}/fc/blocked-users?blockerFid=${fid}`,
    );
  }
}

/**
 * ok: 2xx or an expected status; throttled: a documented rate limit (the node's per-IP submit limit is a
 * 400 `unavailable` "API rate limit exceeded"; the social API's is a 429); anything else is an error.
 */
export function classify(service: Service, answer: Answer, expected: readonly number[]): Outcome {
  if ((answer.status >= 200 && answer.status < 300) || expected.includes(answer.status)) return 'ok';
  if (service === 'social' && answer.status === 429) return 'throttled';
  if (service === 'node' && answer.status === 400 && answer.body.includes('API rate limit exceeded')) {
    return 'throttled';
  }
  return 'error';
}

/** The mix, by weight (they add up to 100): half writes, half reads. */
export const OPERATIONS: readonly Operation[] = [
  { service: 'node', name: 'cast', weight: 12, run: (w) => w.nodeWrite((a) => w.cast(a)) },
  { service: 'node', name: 'reaction', weight: 12, run: (w) => w.nodeWrite((a) => w.react(a)) },
  { service: 'node', name: 'link', weight: 6, run: (w) => w.nodeWrite((a) => w.link(a)) },
  { service: 'node', name: 'castsByFid', weight: 10, run: (w) => w.castsByFid() },
  { service: 'node', name: 'events', weight: 10, run: (w) => w.events() },
  {
    service: 'names',
    name: 'transfer',
    weight: 8,
    run: async (w) => {
      if (!(await w.nameStep())) await w.nameRead();
    },
  },
  { service: 'names', name: 'read', weight: 7, run: (w) => w.nameRead() },
  { service: 'social', name: 'channel follow', weight: 5, run: (w) => w.channelFollow() },
  { service: 'social', name: 'block', weight: 5, run: (w) => w.block() },
  {
    service: 'social',
    name: 'invite',
    weight: 5,
    run: async (w) => {
      if (!(await w.inviteStep())) await w.membersRead();
    },
  },
  { service: 'social', name: 'channel', weight: 7, run: (w) => w.channelRead() },
  { service: 'social', name: 'members', weight: 7, run: (w) => w.membersRead() },
  { service: 'social', name: 'blocked', weight: 6, run: (w) => w.blockedRead() },
];

/** A weighted random operation. */
export function chooseOperation(random: () => number): Operation {
  const total = OPERATIONS.reduce((sum, operation) => sum + operation.weight, 0);
  let roll = random() * total;
  for (const operation of OPERATIONS) {
    roll -= operation.weight;
    if (roll < 0) return operation;
  }
  return OPERATIONS[OPERATIONS.length - 1] as Operation;
}
