/**
 * The soak's users: real Farcaster accounts on the devnet (an fid registered through IdGateway with one
 * storage unit, and an Ed25519 signer added through KeyGateway, by src/chain/fixtures.ts), waited for
 * until the node accepts their messages and the social API their app-key tokens.
 */
import { createAccount } from '../../../src/chain/fixtures.js';
import type { DevnetConnection } from '../../../src/chain/devnet/clients.js';
import type { DevAccount } from '../../../src/chain/devnet/index.js';
import { createAppKeyToken } from '../../../src/protocol/app-key-token.js';
import { makeMessage } from '../../../src/protocol/builder.js';
import { createEd25519Signer, type Ed25519Signer } from '../../../src/protocol/ed25519.js';
import { FarcasterNetwork, Message, MessageType, UserDataType } from '../../../src/protocol/gen/message.js';
import { hexToBytes } from '../../../src/protocol/hex.js';
import { toFarcasterTime } from '../../../src/protocol/time.js';
import { waitFor } from '../wait.js';
import { LIMITS } from './budgets.js';
import type { World } from './world.js';

export interface SoakAccount {
  fid: number;
  custody: DevAccount;
  signer: Ed25519Signer;
  /** The signer's 32-byte seed, for app-key tokens. */
  seed: Uint8Array;
}

export const NETWORK = FarcasterNetwork.DEVNET;

export function farcasterNow(): number {
  const now = toFarcasterTime(Date.now());
  if (now === undefined) throw new Error('the clock is before the Farcaster epoch');
  return now;
}

/** Runs `task` over `items` with at most `limit` at once. */
async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Registers `count` accounts on the chain, six at a time, each lane paid by its own dev account (3 to 8):
 * anvil assigns an unlocked account's nonces without a lock, so two lanes sharing a funder could collide.
 */
export async function createAccounts(chain: DevnetConnection, count: number): Promise<SoakAccount[]> {
  const funders = chain.accounts.slice(3, 9);
  if (funders.length === 0) throw new Error('devnet.json lists too few dev accounts');
  const lanes = funders.map((funder, lane) =>
    Array.from({ length: count }, (_, index) => index).filter((index) => index % funders.length === lane),
  );
  const created = await Promise.all(
    lanes.map(async (indexes, lane) => {
      const accounts: [number, SoakAccount][] = [];
      for (const index of indexes) {
        const account = await createAccount(chain, { funder: funders[lane] });
        const seed = hexToBytes(account.signer.privateKey);
        if (seed === undefined) throw new Error('fixture signer key is not hex');
        const signer = createEd25519Signer(seed);
        accounts.push([index, { fid: Number(account.fid), custody: account.custody, signer, seed }]);
      }
      return accounts;
    }),
  );
  return created
    .flat()
    .sort(([a], [b]) => a - b)
    .map(([, account]) => account);
}

/**
 * Waits until the node merges a first message of each account (a display name), which needs its fid,
 * signer and storage from the chain; then until the social API accepts each account's token. Both calls
 * count against the account's budgets.
 */
export async function waitUntilUsable(world: World): Promise<void> {
  const { client, urls, tokens, budgets } = world;
  await inBatches(world.accounts, 8, async (account) => {
    const message = makeMessage(
      {
        type: MessageType.USER_DATA_ADD,
        fid: account.fid,
        timestamp: farcasterNow(),
        network: NETWORK,
        userDataBody: { type: UserDataType.DISPLAY, value: `soak ${account.fid}` },
      },
      account.signer,
    );
    const raw = Message.encode(message).finish();
    let last = '';
    await waitFor(
      () => `the node to accept fid ${account.fid}'s messages (last: ${last})`,
      async () => {
        const done = budgets.force(LIMITS.messages, `messages:${account.fid}`);
        const answer = await client.request('POST', `${urls.nodes[0]}/v1/submitMessage`, { raw });
        done();
        last = `${answer.status} ${answer.body.slice(0, 200)}`;
        return answer.status === 200 ? true : undefined;
      },
      120_000,
    );
    await waitFor(
      () => `the social API to accept fid ${account.fid}'s token (last: ${last})`,
      async () => {
        // Idempotent and harmless: unblocking someone not blocked.
        const done = budgets.force(LIMITS.blocks, `blocks:${account.fid}`);
        const answer = await client.request('DELETE', `${urls.social}/fc/blocked-users`, {
          token: tokens.of(account),
          json: { unblockFid: account.fid === 1 ? 2 : 1 },
        });
        done();
        last = `${answer.status} ${answer.body.slice(0, 200)}`;
        return answer.status === 200 ? true : undefined;
      },
      60_000,
    );
  });
}

/** App-key tokens, made once per account and renewed 5 minutes before they expire (30-minute lifetime). */
export class Tokens {
  private readonly tokens = new Map<number, { token: string; exp: number }>();

  of(account: SoakAccount): string {
    const now = Math.floor(Date.now() / 1000);
    const cached = this.tokens.get(account.fid);
    if (cached !== undefined && cached.exp - now > 300) return cached.token;
    const exp = now + 1800;
    const token = createAppKeyToken({ fid: account.fid, privateKey: account.seed, exp });
    this.tokens.set(account.fid, { token, exp });
    return token;
  }
}
