import type { DevnetConnection } from '../../chain/devnet/index.js';
import type { FarcasterNetwork, Message } from '../../protocol/gen/message.js';
import { bytesToHex } from '../../protocol/hex.js';
import { call, eventually, submit } from './http.js';
import { castIdOf } from './messages.js';
import {
  nameAndProfile,
  registerPeople,
  verifyAddresses,
  type Person,
  type PersonSpec,
  type Urls,
} from './people.js';

/** The seeded world: five people, two channels with their roles, a little conversation and the catalog. */
export const PEOPLE: readonly PersonSpec[] = [
  { name: 'alice', display: 'Alice', bio: 'Runs the cats channel. Mostly cats, sometimes protocols.' },
  { name: 'bob', display: 'Bob', bio: 'Building agora. Moderates cats on weekends.' },
  { name: 'carol', display: 'Carol', bio: 'Mini apps and long walks.' },
  { name: 'dan', display: 'Dan', bio: 'Here for the memes.' },
  { name: 'erin', display: 'Erin', bio: 'gm gm gm' },
];

export const CHANNELS = {
  cats: { id: 'cats', name: 'Cats', description: 'All about cats, curated by @alice' },
  agora: { id: 'agora', name: 'Agora', description: 'The self-hosted Farcaster node, names and social API' },
} as const;

export const STARTER_PACK = {
  id: 'agora-founders',
  name: 'Agora founders',
  description: 'Who built this place',
};

export interface SeedContext {
  devnet: DevnetConnection;
  urls: Urls;
  adminToken: string;
  network: FarcasterNetwork;
  log(line: string): void;
}

/** What the seed made, for the banner and seed.json. */
export interface SeedSummary {
  people: { name: string; fid: number }[];
  channels: string[];
  starterPack: string;
  pinnedCast: string;
  hiddenCast: string;
}

const channelUrl = (id: string) => `https://farcaster.xyz/~/channel/${id}`;
const hash = (cast: Message) => bytesToHex(cast.hash);

export async function seedWorld(context: SeedContext): Promise<SeedSummary> {
  const { urls, log } = context;
  log('accounts: fids with signers on chain, fnames, profiles, verified addresses');
  const people = await registerPeople(context.devnet, PEOPLE, context.network);
  const [alice, bob, carol, dan, erin] = people as [Person, Person, Person, Person, Person];
  await nameAndProfile(urls, people, PEOPLE);
  await verifyAddresses(context.devnet, urls, people);

  log('follows, casts, replies and reactions');
  const follows: [Person, Person][] = [
    [alice, bob],
    [bob, alice],
    [carol, alice],
    [carol, bob],
    [dan, alice],
    [dan, carol],
    [erin, alice],
    [alice, carol],
  ];
  for (const [from, to] of follows) await submit(urls.node, from.follow(to.fid));
  const gm = alice.cast('gm farcaster, agora is up');
  const welcome = alice.cast('Welcome to /cats! Post your cats, be kind.', {
    channelUrl: channelUrl('cats'),
  });
  const shipping = bob.cast('Shipped the channel feed today', { channelUrl: channelUrl('agora') });
  const catPhoto = carol.cast('My cat found the one sunny spot in the flat', {
    channelUrl: channelUrl('cats'),
  });
  const offTopic = dan.cast('anyone want to buy a used bike?', { channelUrl: channelUrl('cats') });
  const spam = erin.cast('FREE TOKENS click here', { channelUrl: channelUrl('cats') });
  for (const cast of [gm, welcome, shipping, catPhoto, offTopic, spam]) await submit(urls.node, cast);
  const replies = [
    bob.cast('gm! good to see it running', { replyTo: castIdOf(gm) }),
    carol.cast('gm gm', { replyTo: castIdOf(gm) }),
    alice.cast('Great spot, what a cat', { replyTo: castIdOf(catPhoto) }),
    dan.cast('Which release is that in?', { replyTo: castIdOf(shipping) }),
  ];
  for (const reply of replies) await submit(urls.node, reply);
  const reactions = [
    bob.react('like', castIdOf(gm)),
    carol.react('like', castIdOf(gm)),
    dan.react('recast', castIdOf(gm)),
    alice.react('like', castIdOf(catPhoto)),
    alice.react('recast', castIdOf(shipping)),
  ];
  for (const reaction of reactions) await submit(urls.node, reaction);

  log('channels: owners, follows, members and moderators');
  const social = (person: Person, method: string, path: string, body: unknown) =>
    call(method, `${urls.social}${path}`, { token: person.token(), body });
  // The social API learns of the signers from the node: the first authenticated call may need a moment.
  await eventually('the social API to know alice', () =>
    social(alice, 'POST', '/fc/channels', CHANNELS.cats),
  );
  await eventually('the social API to know bob', () => social(bob, 'POST', '/fc/channels', CHANNELS.agora));
  for (const person of [alice, bob, carol, dan, erin]) {
    await eventually(`the social API to know ${person.name}`, () =>
      social(person, 'POST', '/fc/channel-follows', { channelId: 'cats' }),
    );
  }
  for (const person of [alice, carol, dan]) {
    await social(person, 'POST', '/fc/channel-follows', { channelId: 'agora' });
  }
  const join = async (owner: Person, channelId: string, member: Person, role: 'member' | 'moderator') => {
    await social(owner, 'POST', '/fc/channel-invites', { channelId, inviteFid: member.fid, role });
    await social(member, 'PATCH', '/fc/channel-invites', { channelId, role, accept: true });
  };
  await join(alice, 'cats', bob, 'member');
  await join(alice, 'cats', bob, 'moderator');
  await join(alice, 'cats', carol, 'member');
  await join(alice, 'cats', dan, 'member');
  await join(bob, 'agora', alice, 'member');
  await join(bob, 'agora', carol, 'member');

  log('moderation: a pin, a hidden cast, a ban, a block');
  // Pins and hides name casts the social API has indexed from the node.
  await eventually('the social API to index the welcome cast', () =>
    social(alice, 'PUT', '/fc/pinned-casts', { castHash: hash(welcome) }),
  );
  await eventually('the social API to index the off-topic cast', () =>
    social(bob, 'POST', '/fc/moderated-casts', { castHash: hash(offTopic), action: 'hide' }),
  );
  await social(alice, 'POST', '/fc/channel-bans', { channelId: 'cats', banFid: erin.fid });
  await social(carol, 'POST', '/fc/blocked-users', { blockFid: erin.fid });

  log('catalog: account verifications, a starter pack, actions, rewards');
  const admin = (method: string, path: string, body: unknown) =>
    call(method, `${urls.social}${path}`, { token: context.adminToken, body });
  await admin('PUT', '/admin/account-verifications', {
    fid: alice.fid,
    platform: 'x',
    platformId: '1001',
    platformUsername: 'alice_cats',
  });
  await admin('PUT', '/admin/account-verifications', {
    fid: bob.fid,
    platform: 'github',
    platformId: '2002',
    platformUsername: 'bob-builds',
  });
  await admin('PUT', '/admin/starter-packs', STARTER_PACK);
  for (const person of [alice, bob, carol]) {
    await admin('PUT', '/admin/starter-pack-members', { id: STARTER_PACK.id, fid: person.fid });
  }
  await admin('POST', '/admin/actions', {
    id: 'tip',
    kind: 'cast',
    name: 'Tip',
    icon: 'heart',
    description: 'Send the author a tip',
    aboutUrl: 'https://tip.example/about',
    actionUrl: 'https://tip.example/action',
    postUrl: 'https://tip.example/post',
    totalUsers: 42,
  });
  await admin('POST', '/admin/actions', {
    id: 'poll',
    kind: 'composer',
    name: 'Poll',
    icon: 'graph',
    description: 'Make a poll',
    aboutUrl: 'https://poll.example/about',
    actionUrl: 'https://poll.example/action',
    postUrl: 'https://poll.example/post',
    imageUrl: 'https://poll.example/logo.png',
    totalUsers: 12,
    featuredRank: 1,
  });
  await admin('POST', '/admin/rewards-periods', {
    kind: 'creator',
    winners: [
      { fid: alice.fid, score: 120, rank: 1, rewardCents: 5000 },
      { fid: carol.fid, score: 80, rank: 2, rewardCents: 2500 },
      { fid: bob.fid, score: 40, rank: 3, rewardCents: 1000 },
    ],
  });
  await admin('POST', '/admin/rewards-periods', {
    kind: 'developer',
    winners: [
      { fid: carol.fid, score: 30, rank: 1, rewardCents: 4000, domain: 'poll.example', frameName: 'Poll' },
    ],
  });

  return {
    people: people.map((person) => ({ name: person.name, fid: person.fid })),
    channels: Object.keys(CHANNELS),
    starterPack: STARTER_PACK.id,
    pinnedCast: hash(welcome),
    hiddenCast: hash(offTopic),
  };
}
