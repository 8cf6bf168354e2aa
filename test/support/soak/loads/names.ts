/**
 * The name registry: register → transfer → unregister cycles of one name per pair of accounts (every
 * account in one pair, so no fid ever holds two names), and the registry's reads. Every request follows
 * docs/names.md's rules as the soak runs the registry (cooldown 0, no per-fid limit, loopback exempt from
 * the per-IP one): the holder signs, the receiver is a registered fid, and a name's timestamps strictly
 * increase (rule 10) while staying within the server's clock (`GET /current-time`, rule 7), so a name
 * moves at most once a second. A pair whose request is refused is retired: its first refusal is the
 * finding, not the thousands that would follow.
 */
import { signUserNameProofClaim } from '../../../../src/protocol/eip712/index.js';
import type { SoakAccount } from '../setup.js';
import type { World } from '../world.js';
import type { Load } from './load.js';

/** The registry's settings the load depends on: both deployments run `agora dev`'s. */
const NAME_RULES = { cooldownSeconds: 0 };

interface NamePair {
  name: string;
  a: SoakAccount;
  b: SoakAccount;
  /** 0: nobody holds the name (register to a), 1: a holds it (transfer to b), 2: b holds it (unregister). */
  step: 0 | 1 | 2;
  /** The timestamp of the name's latest transfer. */
  latest: number | undefined;
  /** Whole cycles done. */
  cycles: number;
  busy: boolean;
  retired: boolean;
}

const STEPS = [
  { operation: 'register', from: () => 0, to: (p: NamePair) => p.a.fid, actor: (p: NamePair) => p.a },
  {
    operation: 'transfer',
    from: (p: NamePair) => p.a.fid,
    to: (p: NamePair) => p.b.fid,
    actor: (p: NamePair) => p.a,
  },
  { operation: 'unregister', from: (p: NamePair) => p.b.fid, to: () => 0, actor: (p: NamePair) => p.b },
] as const;

/**
 * The timestamp of a name's next transfer at server time `serverNow` (Unix seconds), or undefined while the
 * name must rest: strictly after its latest transfer and at least the cooldown after it (rules 9 and 10),
 * never ahead of the server's clock (rule 7 allows 60 s; none is needed). `broken` repeats the latest
 * timestamp instead, which rule 10 refuses.
 */
function nextTransferTimestamp(
  latest: number | undefined,
  serverNow: number,
  rules: { cooldownSeconds: number },
  broken = false,
): number | undefined {
  if (latest === undefined) return serverNow;
  if (broken) return latest;
  const earliest = latest + Math.max(1, rules.cooldownSeconds);
  return earliest <= serverNow ? serverNow : undefined;
}

export async function names(world: World): Promise<Load> {
  const base = world.urls.names;
  const broken = world.breaks.has('names-timestamp');
  const pairs: NamePair[] = [];
  for (let i = 0; i + 1 < world.accounts.length; i += 2) {
    const [a, b] = [world.accounts[i], world.accounts[i + 1]] as [SoakAccount, SoakAccount];
    pairs.push({
      name: `soak-${i / 2}`,
      a,
      b,
      step: 0,
      latest: undefined,
      cycles: 0,
      busy: false,
      retired: false,
    });
  }
  let lastId = 0;
  /** The server's clock minus this one's, in seconds. */
  let skew = 0;
  const serverNow = () => Math.floor(world.now() / 1000) + skew;
  const readClock = async () => {
    const answer = await world.call('names', 'current-time', 'GET', `${base}/current-time`);
    if (answer.status !== 200) return;
    skew = (JSON.parse(answer.body) as { currentTime: number }).currentTime - Math.floor(world.now() / 1000);
  };
  await readClock();

  /** One step of a ready pair's cycle; false when no pair is ready. */
  const step = async (): Promise<boolean> => {
    const now = serverNow();
    const ready = pairs.filter(
      (pair) =>
        !pair.busy &&
        !pair.retired &&
        nextTransferTimestamp(pair.latest, now, NAME_RULES, broken) !== undefined,
    );
    if (ready.length === 0) return false;
    const pair = world.pick(ready);
    pair.busy = true;
    try {
      const { operation, from, to, actor } = STEPS[pair.step];
      const timestamp = nextTransferTimestamp(pair.latest, now, NAME_RULES, broken) as number;
      const { name } = pair;
      const signer = actor(pair);
      const owner = signer.custody.address;
      const signature = await signUserNameProofClaim({ name, timestamp, owner }, signer.custody.privateKey);
      const json = { name, from: from(pair), to: to(pair), fid: signer.fid, owner, timestamp, signature };
      const answer = await world.call('names', operation, 'POST', `${base}/transfers`, { json });
      if (answer.status !== 200) {
        pair.retired = true;
        return true;
      }
      const { transfer } = JSON.parse(answer.body) as { transfer: { id: number; timestamp: number } };
      pair.latest = transfer.timestamp;
      pair.step = ((pair.step + 1) % 3) as NamePair['step'];
      if (pair.step === 0) pair.cycles++;
      lastId = Math.max(lastId, transfer.id);
    } finally {
      pair.busy = false;
    }
    return true;
  };

  const read = async () => {
    const roll = world.random();
    if (roll < 0.1) return readClock();
    if (roll < 0.4) {
      // 404 while the name is between an unregistration and its next registration.
      const { name } = world.pick(pairs);
      await world.call('names', 'current', 'GET', `${base}/transfers/current?name=${name}`, {}, [404]);
    } else if (roll < 0.7) {
      const fromId = Math.floor(world.random() * Math.max(1, lastId));
      await world.call('names', 'transfers', 'GET', `${base}/transfers?from_id=${fromId}`);
    } else {
      const { fid } = world.pick(world.accounts);
      await world.call('names', 'transfers by fid', 'GET', `${base}/transfers?fid=${fid}`);
    }
  };

  return {
    operations: [
      {
        service: 'names',
        name: 'transfer',
        weight: 8,
        run: async () => void ((await step()) || (await read())),
      },
      { service: 'names', name: 'read', weight: 7, run: read },
    ],
    finish: async () => {
      const retired = pairs.filter((pair) => pair.retired).length;
      const cycles = pairs.reduce((sum, pair) => sum + pair.cycles, 0);
      return {
        summary: [
          `names: ${pairs.length} pairs, ${cycles} whole register → transfer → unregister cycles, ` +
            `transfers up to id ${lastId}${retired > 0 ? `, ${retired} pairs retired after a refusal` : ''}`,
        ],
        failures: [],
      };
    },
  };
}
