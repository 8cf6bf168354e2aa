import { call } from './http.js';
import type { Person } from './people.js';

export const STARTER_PACK = {
  id: 'agora-founders',
  name: 'Agora founders',
  description: 'Who built this place',
};

/** The operator's part, through the social API's /admin/ routes: what no user can sign for. */
export async function seedCatalog(
  socialUrl: string,
  adminToken: string,
  [alice, bob, carol]: readonly [Person, Person, Person, ...Person[]],
): Promise<void> {
  const admin = (method: string, path: string, body: unknown) =>
    call(method, `${socialUrl}${path}`, { token: adminToken, body });
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
}
