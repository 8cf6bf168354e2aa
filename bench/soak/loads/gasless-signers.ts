/**
 * Gasless signers (docs/node.md, issue 25) as an app uses them, built with @farcaster/core's builders: an
 * account adds a key with a KEY_ADD its custody signs (EIP-712), casts with that key, and later removes it
 * with a custody KEY_REMOVE, after which a cast signed by the removed key must be refused as
 * `bad_request.unknown_signer`. Key messages of one account come from one worker at a time, so its user
 * nonce only grows; they count against the account's message budget like any merged message.
 */
import { randomBytes } from 'node:crypto';
import {
  makeCastAdd,
  makeKeyAdd,
  makeKeyAddBody,
  makeKeyRemove,
  makeKeyRemoveBody,
  Message,
  MessageType,
  NobleEd25519Signer,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { privateKeyToAccount } from 'viem/accounts';
import { LIMITS } from '../../../test/support/soak/budgets.js';
import { farcasterNow, NETWORK, type SoakAccount } from '../../../test/support/soak/setup.js';
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';
import { castsByFid } from './node-reads.js';

/** An account's gasless state: its user nonce so far and the key it holds, if any. */
interface Holder {
  nonce: number;
  key?: NobleEd25519Signer;
}

const DEADLINE_SECONDS = 3600;

/** A builder's Result, or the error it carries. */
function unwrap<T>(result: { isOk(): boolean; _unsafeUnwrap(): T; _unsafeUnwrapErr(): unknown }): T {
  if (result.isOk()) return result._unsafeUnwrap();
  throw new Error(`@farcaster/core builder: ${String(result._unsafeUnwrapErr())}`);
}

export function gaslessSigners(world: World): Load {
  const holders = new Map<number, Holder>();
  const failures: string[] = [];
  let added = 0;
  let removed = 0;
  let casts = 0;

  const dataOf = (account: SoakAccount) => ({
    fid: account.fid,
    network: NETWORK,
    timestamp: farcasterNow(),
  });
  const walletOf = (account: SoakAccount) =>
    new ViemLocalEip712Signer(privateKeyToAccount(account.custody.privateKey));
  const submit = (operation: string, message: Message, expected: readonly number[] = []) =>
    world.call(
      'node',
      operation,
      'POST',
      `${world.node()}/v1/submitMessage`,
      { raw: Message.encode(message).finish() },
      expected,
    );

  /** A cast signed by `key`; `expected` names the refusals that are correct answers. */
  const cast = async (
    account: SoakAccount,
    key: NobleEd25519Signer,
    operation: string,
    expected: readonly number[] = [],
  ) => {
    const body = {
      text: `soak gasless cast ${++casts} from ${account.fid}`,
      embeds: [],
      embedsDeprecated: [],
      mentions: [],
      mentionsPositions: [],
      type: 0,
    };
    return submit(operation, unwrap(await makeCastAdd(body, dataOf(account), key)), expected);
  };

  const add = async (account: SoakAccount, holder: Holder) => {
    const key = new NobleEd25519Signer(randomBytes(32));
    const wallet = walletOf(account);
    const body = unwrap(
      await makeKeyAddBody(
        {
          fid: BigInt(account.fid),
          key: unwrap(await key.getSignerKey()),
          scopes: [MessageType.CAST_ADD, MessageType.REACTION_ADD],
          ttl: 86_400,
          nonce: holder.nonce + 1,
          deadline: farcasterNow() + DEADLINE_SECONDS,
          requestFid: BigInt(account.fid),
        },
        wallet,
        wallet,
      ),
    );
    const answer = await submit('gasless key add', unwrap(await makeKeyAdd(body, dataOf(account), key)));
    if (answer.status !== 200) return;
    holder.nonce += 1;
    holder.key = key;
    added += 1;
    await cast(account, key, 'gasless cast');
  };

  const remove = async (account: SoakAccount, holder: Holder, key: NobleEd25519Signer) => {
    const body = unwrap(
      await makeKeyRemoveBody(
        {
          fid: BigInt(account.fid),
          key: unwrap(await key.getSignerKey()),
          nonce: holder.nonce + 1,
          deadline: farcasterNow() + DEADLINE_SECONDS,
        },
        walletOf(account),
      ),
    );
    // Any key of the fid signs the envelope; the on-chain one, as a wallet app would.
    const envelope = new NobleEd25519Signer(account.seed);
    const message = unwrap(await makeKeyRemove(body, dataOf(account), envelope));
    const answer = await submit('gasless key remove', message);
    if (answer.status !== 200) return;
    holder.nonce += 1;
    delete holder.key;
    removed += 1;
    const refused = await cast(account, key, 'cast with a removed key', [400]);
    const errCode = refused.status === 400 ? (JSON.parse(refused.body) as { errCode?: string }).errCode : '';
    if (errCode !== 'bad_request.unknown_signer' && failures.length < 10) {
      failures.push(`a cast with a removed key answered ${refused.status} ${refused.body}`);
    }
  };

  const cycle = (account: SoakAccount) => {
    const holder = holders.get(account.fid) ?? { nonce: 0 };
    holders.set(account.fid, holder);
    const { key } = holder;
    if (key === undefined) return add(account, holder);
    if (world.random() < 0.7) return cast(account, key, 'gasless cast').then(() => undefined);
    return remove(account, holder, key);
  };

  const run = () =>
    world.withIdleAccount(
      (account) =>
        // Up to three merges in a cycle (a KEY_ADD and its cast, or a cast, or a KEY_REMOVE), and at most
        // one KEY_ADD: every cycle is counted as one, which is never less than the node counts.
        world.withBudget(
          [
            [LIMITS.messages, `messages:${account.fid}`, 3],
            [LIMITS.keyAdds, `keyAdds:${account.fid}`],
          ],
          () => cycle(account),
          () => castsByFid(world),
        ),
      () => castsByFid(world),
    );

  return {
    operations: [{ service: 'node', name: 'gasless signer', weight: 4, run }],
    finish: async () => ({
      summary: [`gasless signers: ${added} keys added, ${removed} removed, ${casts} casts signed by them`],
      failures,
    }),
  };
}
