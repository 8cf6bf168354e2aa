/**
 * Invite → accept → remove cycles, one slot per owner and invitee, each on a channel of the owner's that the
 * invitee follows (as a member invite needs). POST and DELETE count against --invites-per-hour per owner
 * and channel: when a channel has no room left for a whole cycle, the owner makes a new one, within its
 * --channel-creations-per-day; a slot with neither waits, and the worker reads channel members instead.
 */
import { LIMITS, type Limit } from '../../../test/support/soak/budgets.js';
import type { SoakAccount } from '../../../test/support/soak/setup.js';
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';
import { membersRead } from './social-reads.js';

interface InviteSlot {
  owner: SoakAccount;
  invitee: SoakAccount;
  channelId: string;
  /** Channels this owner has made so far, for the next id. */
  generation: number;
  /** 0: invite, 1: the invitee accepts, 2: the owner removes the member. */
  step: 0 | 1 | 2;
  /** Whole cycles done. */
  cycles: number;
  busy: boolean;
  retired: boolean;
}

/** One slot per 8 accounts, from the last ones (the first own the topic channels). */
export async function invites(world: World): Promise<Load> {
  const { social } = world.urls;
  const url = `${social}/fc/channel-invites`;
  const inviteBucket = (slot: InviteSlot) => `invites:${slot.owner.fid}:${slot.channelId}`;

  /** A new channel for the slot, its invitee following it (as a member invite needs); false if refused. */
  const moveChannel = async (slot: InviteSlot): Promise<boolean> => {
    const channelId = `s${slot.owner.fid}g${slot.generation + 1}`;
    const created = await world.call('social', 'channel create', 'POST', `${social}/fc/channels`, {
      token: world.tokens.of(slot.owner),
      json: { id: channelId, name: `Soak ${channelId}` },
    });
    if (created.status !== 200) return false;
    slot.generation++;
    world.channels.push(channelId);
    const followed = await world.call('social', 'channel follow', 'POST', `${social}/fc/channel-follows`, {
      token: world.tokens.of(slot.invitee),
      json: { channelId },
    });
    if (followed.status !== 200) return false;
    slot.channelId = channelId;
    slot.step = 0;
    return true;
  };
  const moveBudgets = (slot: InviteSlot): [Limit, string][] => [
    [LIMITS.channelCreations, `creations:${slot.owner.fid}`],
    [LIMITS.channelFollows, `follows:${slot.invitee.fid}`],
  ];

  const slots: InviteSlot[] = [];
  const count = Math.max(1, Math.floor(world.accounts.length / 8));
  for (let i = 0; i < count; i++) {
    const owner = world.accounts.at(-1 - 2 * i) as SoakAccount;
    const invitee = world.accounts.at(-2 - 2 * i) as SoakAccount;
    const slot: InviteSlot = {
      owner,
      invitee,
      channelId: '',
      generation: 0,
      step: 0,
      cycles: 0,
      busy: false,
      retired: false,
    };
    const tickets = moveBudgets(slot).map(([limit, bucket]) => world.budgets.force(limit, bucket));
    const moved = await moveChannel(slot);
    tickets.forEach((ticket) => ticket());
    if (!moved)
      throw new Error(`setup: no invite channel for fid ${owner.fid} (see the unexpected answer above)`);
    slots.push(slot);
  }

  const step = async (slot: InviteSlot): Promise<void> => {
    const { owner, invitee, channelId } = slot;
    const fail = () => void (slot.retired = true);
    const advance = (status: number) => {
      if (status !== 200) return fail();
      slot.step = ((slot.step + 1) % 3) as InviteSlot['step'];
      if (slot.step === 0) slot.cycles++;
    };
    if (slot.step === 1) {
      const answer = await world.call('social', 'invite accept', 'PATCH', url, {
        token: world.tokens.of(invitee),
        json: { channelId, role: 'member', accept: true },
      });
      return advance(answer.status);
    }
    if (slot.step === 2) {
      return world.withBudget(
        [[LIMITS.invites, inviteBucket(slot)]],
        async () => {
          const answer = await world.call('social', 'member remove', 'DELETE', url, {
            token: world.tokens.of(owner),
            json: { channelId, removeFid: invitee.fid, role: 'member' },
          });
          advance(answer.status);
        },
        () => membersRead(world),
      );
    }
    // An invite only with room for its removal too.
    const invited = world.budgets.take([LIMITS.invites, inviteBucket(slot), 2]);
    if (invited === undefined) {
      // The channel's hour is spent: a new channel, if the owner may make one now.
      return world.withBudget(
        moveBudgets(slot),
        async () => void ((await moveChannel(slot)) || fail()),
        () => membersRead(world),
      );
    }
    try {
      const answer = await world.call('social', 'invite', 'POST', url, {
        token: world.tokens.of(owner),
        json: { channelId, inviteFid: invitee.fid, role: 'member' },
      });
      advance(answer.status);
    } finally {
      invited();
    }
  };

  const run = async () => {
    const free = slots.filter((slot) => !slot.busy && !slot.retired);
    if (free.length === 0) return membersRead(world);
    const slot = world.pick(free);
    slot.busy = true;
    try {
      await step(slot);
    } finally {
      slot.busy = false;
    }
  };
  return {
    operations: [{ service: 'social', name: 'invite', weight: 5, run }],
    finish: async () => ({
      summary: [
        `invites: ${slots.length} slots, ${slots.reduce((sum, slot) => sum + slot.cycles, 0)} whole ` +
          `invite → accept → remove cycles on ${slots.reduce((sum, slot) => sum + slot.generation, 0)} channels`,
      ],
      failures: [],
    }),
  };
}
