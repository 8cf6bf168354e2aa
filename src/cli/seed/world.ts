import type { DevnetConnection } from '../../chain/devnet/index.js';
import type { FarcasterNetwork, Message } from '../../protocol/gen/message.js';
import { bytesToHex } from '../../protocol/hex.js';
import { seedCatalog, STARTER_PACK } from './catalog.js';
import { CHANNELS } from './channels.js';
import { call, eventually } from './http.js';
import { converse } from './conversation.js';
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

const hash = (cast: Message) => bytesToHex(cast.hash);

/** Each step through a service's public API, waiting where one service follows another. */
export async function seedWorld(context: SeedContext): Promise<SeedSummary> {
  const { urls, log } = context;
  log('accounts: fids with signers on chain, fnames, profiles, verified addresses');
  const people = await registerPeople(context.devnet, PEOPLE, context.network);
  const five = people as [Person, Person, Person, Person, Person];
  const [alice, bob, carol, dan, erin] = five;
  await nameAndProfile(urls, people, PEOPLE);
  await verifyAddresses(context.devnet, urls, people);

  log('follows, casts, replies and reactions');
  const { welcome, offTopic } = await converse(urls.node, five);

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
  await seedCatalog(urls.social, context.adminToken, five);

  return {
    people: people.map((person) => ({ name: person.name, fid: person.fid })),
    channels: Object.keys(CHANNELS),
    starterPack: STARTER_PACK.id,
    pinnedCast: hash(welcome),
    hiddenCast: hash(offTopic),
  };
}
