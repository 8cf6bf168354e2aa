import { readFileSync } from 'node:fs';
import { createAccount, type FixtureAccount } from '../../chain/fixtures.js';
import type { FarcasterNetwork, Message } from '../../protocol/gen/message.js';
import { call, eventually, submit } from '../seed/http.js';
import { authorOf, castIdOf, type Author } from '../seed/messages.js';
import { registerName } from '../seed/people.js';
import type { ChainFile } from '../dev/devnet-file.js';

/**
 * A deployment's smoke test, as a user would make it through the public APIs of a running system on a dev
 * chain (one whose funded accounts devnet.json lists): every service ready, a new account registered on
 * the chain, a cast submitted and read back, a name registered and its proof on the node, a reply indexed
 * by the social API. Each step waits for the services to follow each other (the node reads the chain and
 * the registry, the social API reads the node).
 */

export interface SmokeTarget {
  devnetFile: string;
  network: FarcasterNetwork;
  node: string;
  names: string;
  social: string;
  /** How long each step may wait. */
  timeoutMs: number;
}

export interface SmokeStep {
  name: string;
  run(): Promise<string>;
}

/** The steps, in order; each returns what it showed, and throws with what went wrong. */
export function smokeSteps(target: SmokeTarget): SmokeStep[] {
  const chain = JSON.parse(readFileSync(target.devnetFile, 'utf8')) as ChainFile;
  const wait = <T>(what: string, attempt: () => Promise<T>) => eventually(what, attempt, target.timeoutMs);
  let account: FixtureAccount;
  let author: Author;
  let cast: Message;
  let castHash: string;
  const castText = `smoke test ${new Date().toISOString()}`;

  return [
    {
      name: 'every service is ready',
      async run() {
        for (const [service, url] of [
          ['node', target.node],
          ['names', target.names],
          ['social', target.social],
        ] as const) {
          await wait(`${service} ${url}/_ready`, () => call('GET', `${url}/_ready`));
        }
        return `node, names and social answer /_ready`;
      },
    },
    {
      name: 'an account registered on the chain',
      async run() {
        account = await createAccount({
          rpcUrl: chain.chainRpcUrl,
          chainId: chain.chainId,
          accounts: chain.accounts,
          contracts: chain.contracts,
        });
        author = authorOf(Number(account.fid), account.signer.privateKey, target.network);
        return `fid ${account.fid}, custody ${account.custody.address}, a signer added`;
      },
    },
    {
      name: 'a cast submitted to the node and read back',
      async run() {
        cast = author.cast(castText);
        // The node accepts the fid's messages once it has read the registration and the signer.
        castHash = await wait('the node to accept the new fid', () => submit(target.node, cast));
        const read = await call<{ data: { castAddBody: { text: string } } }>(
          'GET',
          `${target.node}/v1/castById?fid=${author.fid}&hash=${castHash}`,
        );
        if (read.data.castAddBody.text !== castText) throw new Error('castById answered another cast');
        return `cast ${castHash}`;
      },
    },
    {
      name: 'a name registered, its proof on the node',
      async run() {
        const name = `smoke${Date.now().toString(36)}`;
        await registerName(target.names, account, name);
        await wait(`the node to hold the proof of ${name}`, async () => {
          const proof = await call<{ fid: number }>(
            'GET',
            `${target.node}/v1/userNameProofByName?name=${name}`,
          );
          if (proof.fid !== author.fid) throw new Error(`the proof names fid ${proof.fid}`);
        });
        return name;
      },
    },
    {
      name: 'a reply indexed by the social API',
      async run() {
        const reply = author.cast(`${castText}: a reply`, { replyTo: castIdOf(cast) });
        const replyHash = await submit(target.node, reply);
        await wait('the social API to index the reply', async () => {
          const page = await call<{ result: { casts: { hash: string }[] } }>(
            'GET',
            `${target.social}/v2/cast-replies?hash=${castHash}`,
          );
          if (!page.result.casts.some((listed) => listed.hash === replyHash)) throw new Error('not yet');
        });
        return `reply ${replyHash}`;
      },
    },
  ];
}
