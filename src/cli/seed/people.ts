import { devnetPublicClient, type DevnetConnection } from '../../chain/devnet/index.js';
import { createAccount, type FixtureAccount } from '../../chain/fixtures.js';
import { createAppKeyToken } from '../../protocol/app-key-token.js';
import { signUserNameProofClaim } from '../../protocol/eip712/index.js';
import { UserDataType, type FarcasterNetwork } from '../../protocol/gen/message.js';
import { call, eventually, submit } from './http.js';
import { authorOf, type Author } from './messages.js';

/** Who lives in the seeded world: an fname each, and a profile. */
export interface PersonSpec {
  name: string;
  display: string;
  bio: string;
}

export interface Person extends Author {
  name: string;
  account: FixtureAccount;
  /** A fresh social API token signed with the account's signer. */
  token(): string;
}

export interface Urls {
  node: string;
  names: string;
  social: string;
}

/** How long a seed token lives: the whole seed, with room to spare. */
const TOKEN_SECONDS = 600;

/**
 * Registers the fid (IdGateway) with a signer (KeyGateway, a signed key request), one after another so a
 * fresh devnet gives the people fids 1, 2, 3, ... in order.
 */
export async function registerPeople(
  devnet: DevnetConnection,
  specs: readonly PersonSpec[],
  network: FarcasterNetwork,
): Promise<Person[]> {
  const people: Person[] = [];
  for (const spec of specs) {
    const account = await createAccount(devnet);
    const fid = Number(account.fid);
    people.push({
      ...authorOf(fid, account.signer.privateKey, network),
      name: spec.name,
      account,
      token: () =>
        createAppKeyToken({
          fid,
          privateKey: account.signer.privateKey,
          exp: Math.floor(Date.now() / 1000) + TOKEN_SECONDS,
        }),
    });
  }
  return people;
}

/** Registers `name` to the account's fid at the name registry, the claim signed by its custody key. */
export async function registerName(namesUrl: string, account: FixtureAccount, name: string): Promise<void> {
  const fid = Number(account.fid);
  const timestamp = Math.floor(Date.now() / 1000);
  const owner = account.custody.address;
  const signature = await signUserNameProofClaim(
    { name, owner, timestamp: BigInt(timestamp) },
    account.custody.privateKey,
  );
  await call('POST', `${namesUrl}/transfers`, {
    body: { name, from: 0, to: fid, fid, owner, timestamp, signature },
  });
}

/**
 * Each person claims their fname at the name registry (the custody key signs the claim), the node syncs the
 * proof, and then takes their profile: username, display name, bio and picture.
 */
export async function nameAndProfile(
  urls: Urls,
  people: readonly Person[],
  specs: readonly PersonSpec[],
): Promise<void> {
  for (const person of people) await registerName(urls.names, person.account, person.name);
  for (const [i, person] of people.entries()) {
    const spec = specs[i]!;
    await eventually(`the node to sync the fname ${person.name}`, () =>
      submit(urls.node, person.userData(UserDataType.USERNAME, person.name)),
    );
    await submit(urls.node, person.userData(UserDataType.DISPLAY, spec.display));
    await submit(urls.node, person.userData(UserDataType.BIO, spec.bio));
    await submit(
      urls.node,
      person.userData(UserDataType.PFP, `https://api.dicebear.com/9.x/shapes/png?seed=${spec.name}`),
    );
  }
}

/** Each person verifies their custody address on the node (so the social API finds a primary address). */
export async function verifyAddresses(devnet: DevnetConnection, urls: Urls, people: readonly Person[]) {
  const block = await devnetPublicClient(devnet).getBlock();
  for (const person of people) {
    const { address, privateKey } = person.account.custody;
    await submit(urls.node, await person.verifyEthAddress(address, privateKey, block.hash));
  }
}
