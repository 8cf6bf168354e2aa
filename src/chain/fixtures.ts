import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  BaseError,
  NonceTooLowError,
  WaitForTransactionReceiptTimeoutError,
  parseEther,
  zeroAddress,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ed25519PublicKeyFromSeed } from '../protocol/ed25519.js';
import {
  contractDomain,
  encodeSignedKeyRequestMetadata,
  KEY_TYPE_ED25519,
  METADATA_TYPE_SIGNED_KEY_REQUEST,
  signIdRegistryTransfer,
  signKeyGatewayAdd,
  signKeyRegistryRemove,
  signSignedKeyRequest,
  type FarcasterContract,
} from '../protocol/eip712/index.js';
import { bytesToHex } from '../protocol/hex.js';
import {
  idGatewayAbi,
  idRegistryAbi,
  keyGatewayAbi,
  keyRegistryAbi,
  storageRegistryAbi,
} from './contracts.js';
import {
  DEVNET_ROLES,
  devnetPublicClient,
  devnetTestClient,
  devnetWalletClient,
  type DevAccount,
  type DevnetConnection,
} from './devnet/index.js';

/**
 * Farcaster accounts on a devnet for tests and demo data: each helper is one or a few real transactions
 * through the gateways, signed with our own EIP-712 helpers. Fresh wallets sign locally; dev accounts
 * (funder, relayer) send through anvil's unlocked accounts, so concurrent fixtures never race on nonces.
 */

export interface Ed25519KeyPair {
  publicKey: Hex;
  /** The 32-byte seed. */
  privateKey: Hex;
}

/** An fid and the key of its custody address. */
export interface FidOwner {
  fid: bigint;
  custody: DevAccount;
}

export interface FixtureAccount extends FidOwner {
  signer: Ed25519KeyPair;
  /** The fid whose custody key signed the signer's key request. */
  appFid: bigint;
}

/** Wei a new wallet gets on top of what its registration costs, for later transactions. */
const DEFAULT_FUNDING = parseEther('1');
const DEFAULT_DEADLINE_SECONDS = 3600n;
const MAX_SEND_ATTEMPTS = 20;
/** How long a sent transaction may take to be mined; anvil mines each at once. */
const CONFIRM_TIMEOUT_MS = 60_000;
/** How long a transaction may wait in anvil's pool before a block is mined for it. */
const STUCK_AFTER_MS = 5_000;

export interface CreateAccountOptions {
  /** The app requesting the signer (its custody key signs the key request); default: the new account. */
  app?: FidOwner;
  /** Dev account that funds the new wallet; default `accounts[DEVNET_ROLES.funder]`. */
  funder?: DevAccount;
  recovery?: Address;
  /** Storage units beyond the one every registration rents. */
  extraStorage?: bigint;
}

/**
 * A new Farcaster account: a random funded custody wallet registers an fid through IdGateway (paying for
 * its storage) and adds an Ed25519 signer through KeyGateway with a signed key request.
 */
export async function createAccount(
  devnet: DevnetConnection,
  options: CreateAccountOptions = {},
): Promise<FixtureAccount> {
  const extraStorage = options.extraStorage ?? 0n;
  const price = await devnetPublicClient(devnet).readContract({
    address: devnet.contracts.idGateway,
    abi: idGatewayAbi,
    functionName: 'price',
    args: [extraStorage],
  });
  const custody = await createWallet(devnet, { funder: options.funder, amount: price + DEFAULT_FUNDING });
  await send(devnet, 'register', custody, (wallet) =>
    wallet.writeContract({
      address: devnet.contracts.idGateway,
      abi: idGatewayAbi,
      functionName: 'register',
      args: [options.recovery ?? zeroAddress, extraStorage],
      value: price,
    }),
  );
  const fid = await fidOf(devnet, custody.address);
  const owner = { fid, custody };
  const app = options.app ?? owner;
  const signer = await addSigner(devnet, owner, { app });
  return { fid, custody, signer, appFid: app.fid };
}

export interface AddSignerOptions {
  /** Default: the owner itself. */
  app?: FidOwner;
  /** The key to add; default a new random one. */
  signer?: Ed25519KeyPair;
  /** Relay as `addFor` from this dev account with the owner's `Add` signature, instead of `add` by the owner. */
  relayer?: DevAccount;
}

/** Adds an Ed25519 signer (metadata type 1) to `owner`'s fid; returns the key. */
export async function addSigner(
  devnet: DevnetConnection,
  owner: FidOwner,
  options: AddSignerOptions = {},
): Promise<Ed25519KeyPair> {
  const signer = options.signer ?? randomEd25519KeyPair();
  const deadline = await chainDeadline(devnet);
  const key = signer.publicKey;
  const metadata = await signKeyRequestMetadata(devnet, options.app ?? owner, key, deadline);
  const request = { address: devnet.contracts.keyGateway, abi: keyGatewayAbi } as const;
  if (options.relayer === undefined) {
    await send(devnet, 'add', owner.custody, (wallet) =>
      wallet.writeContract({
        ...request,
        functionName: 'add',
        args: [KEY_TYPE_ED25519, key, METADATA_TYPE_SIGNED_KEY_REQUEST, metadata],
      }),
    );
  } else {
    const sig = await signAddFor(devnet, owner.custody, { key, metadata, deadline });
    await send(devnet, 'addFor', options.relayer.address, (wallet) =>
      wallet.writeContract({
        ...request,
        functionName: 'addFor',
        args: [
          owner.custody.address,
          KEY_TYPE_ED25519,
          key,
          METADATA_TYPE_SIGNED_KEY_REQUEST,
          metadata,
          deadline,
          sig,
        ],
      }),
    );
  }
  return signer;
}

/** Removes a signer of `owner`'s fid: `remove` by the owner, or `removeFor` relayed by a dev account. */
export async function removeSigner(
  devnet: DevnetConnection,
  owner: FidOwner,
  publicKey: Hex,
  options: { relayer?: DevAccount } = {},
): Promise<void> {
  const request = { address: devnet.contracts.keyRegistry, abi: keyRegistryAbi } as const;
  if (options.relayer === undefined) {
    await send(devnet, 'remove', owner.custody, (wallet) =>
      wallet.writeContract({ ...request, functionName: 'remove', args: [publicKey] }),
    );
    return;
  }
  const deadline = await chainDeadline(devnet);
  const nonce = await nonceOf(devnet, 'keyRegistry', owner.custody.address);
  const sig = await signKeyRegistryRemove(
    { owner: owner.custody.address, key: publicKey, nonce, deadline },
    owner.custody.privateKey,
    { domain: domainOf(devnet, 'keyRegistry') },
  );
  await send(devnet, 'removeFor', options.relayer.address, (wallet) =>
    wallet.writeContract({
      ...request,
      functionName: 'removeFor',
      args: [owner.custody.address, publicKey, deadline, sig],
    }),
  );
}

/**
 * Transfers `account`'s fid to `to` (default: a new funded wallet), which signs its consent; returns the
 * account with its new custody.
 */
export async function transferCustody<A extends FidOwner>(
  devnet: DevnetConnection,
  account: A,
  options: { to?: DevAccount; funder?: DevAccount } = {},
): Promise<A> {
  const to = options.to ?? (await createWallet(devnet, { funder: options.funder, amount: DEFAULT_FUNDING }));
  const deadline = await chainDeadline(devnet);
  const nonce = await nonceOf(devnet, 'idRegistry', to.address);
  const sig = await signIdRegistryTransfer(
    { fid: account.fid, to: to.address, nonce, deadline },
    to.privateKey,
    {
      domain: domainOf(devnet, 'idRegistry'),
    },
  );
  await send(devnet, 'transfer', account.custody, (wallet) =>
    wallet.writeContract({
      address: devnet.contracts.idRegistry,
      abi: idRegistryAbi,
      functionName: 'transfer',
      args: [to.address, deadline, sig],
    }),
  );
  return { ...account, custody: to };
}

/** Rents `units` more storage for `account`'s fid, paid by `payer` (default: its custody address). */
export async function rentStorage(
  devnet: DevnetConnection,
  account: FidOwner,
  units: bigint,
  options: { payer?: DevAccount } = {},
): Promise<void> {
  const request = { address: devnet.contracts.storageRegistry, abi: storageRegistryAbi } as const;
  const price = await devnetPublicClient(devnet).readContract({
    ...request,
    functionName: 'price',
    args: [units],
  });
  await send(devnet, 'rent', options.payer ?? account.custody, (wallet) =>
    wallet.writeContract({
      ...request,
      functionName: 'rent',
      args: [account.fid, units],
      value: price,
    }),
  );
}

/** `SignedKeyRequestMetadata` for `key`, signed by `app`'s custody key (what an app hands a user). */
export async function signKeyRequestMetadata(
  devnet: DevnetConnection,
  app: FidOwner,
  key: Hex,
  deadline: bigint,
): Promise<Hex> {
  const signature = await signSignedKeyRequest(
    { requestFid: app.fid, key, deadline },
    app.custody.privateKey,
    {
      domain: domainOf(devnet, 'signedKeyRequestValidator'),
    },
  );
  return encodeSignedKeyRequestMetadata({
    requestFid: app.fid,
    requestSigner: app.custody.address,
    signature,
    deadline,
  });
}

/** The fid owner's KeyGateway `Add` signature for an Ed25519 key, at its current KeyGateway nonce. */
export async function signAddFor(
  devnet: DevnetConnection,
  owner: DevAccount,
  add: { key: Hex; metadata: Hex; deadline: bigint },
): Promise<Hex> {
  const nonce = await nonceOf(devnet, 'keyGateway', owner.address);
  return signKeyGatewayAdd(
    {
      owner: owner.address,
      keyType: KEY_TYPE_ED25519,
      key: add.key,
      metadataType: METADATA_TYPE_SIGNED_KEY_REQUEST,
      metadata: add.metadata,
      nonce,
      deadline: add.deadline,
    },
    owner.privateKey,
    { domain: domainOf(devnet, 'keyGateway') },
  );
}

/** A deadline `seconds` after the latest block (the chain's clock, which tests may move). */
export async function chainDeadline(
  devnet: DevnetConnection,
  seconds = DEFAULT_DEADLINE_SECONDS,
): Promise<bigint> {
  const block = await devnetPublicClient(devnet).getBlock();
  return block.timestamp + seconds;
}

export function randomEd25519KeyPair(): Ed25519KeyPair {
  const seed = randomBytes(32);
  return { publicKey: bytesToHex(ed25519PublicKeyFromSeed(seed)), privateKey: bytesToHex(seed) };
}

/** A new random wallet holding `amount` wei from a dev account. */
export async function createWallet(
  devnet: DevnetConnection,
  options: { funder?: DevAccount; amount?: bigint } = {},
): Promise<DevAccount> {
  const privateKey = generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address;
  const funder = options.funder ?? devnet.accounts[DEVNET_ROLES.funder];
  if (funder === undefined) throw new Error('devnet: no funder account');
  const amount = options.amount ?? DEFAULT_FUNDING;
  await send(devnet, 'funding', funder.address, (wallet) =>
    wallet.sendTransaction({ to: address, value: amount }),
  );
  return { address, privateKey };
}

async function fidOf(devnet: DevnetConnection, address: Address): Promise<bigint> {
  return devnetPublicClient(devnet).readContract({
    address: devnet.contracts.idRegistry,
    abi: idRegistryAbi,
    functionName: 'idOf',
    args: [address],
  });
}

async function nonceOf(
  devnet: DevnetConnection,
  contract: 'idRegistry' | 'keyGateway' | 'keyRegistry',
  address: Address,
): Promise<bigint> {
  return devnetPublicClient(devnet).readContract({
    address: devnet.contracts[contract],
    abi:
      contract === 'keyRegistry' ? keyRegistryAbi : contract === 'keyGateway' ? keyGatewayAbi : idRegistryAbi,
    functionName: 'nonces',
    args: [address],
  });
}

function domainOf(devnet: DevnetConnection, contract: FarcasterContract) {
  return contractDomain(contract, { chainId: devnet.chainId, address: devnet.contracts[contract] });
}

type DevnetWallet = ReturnType<typeof devnetWalletClient>;

/**
 * Sends a transaction from `from` and waits until it is mined; throws if it reverts. A {@link DevAccount}
 * signs locally; a bare address must be an unlocked dev account. One process hands anvil one transaction
 * per sender at a time: anvil picks a nonce without a lock, and two sends given the same nonce either
 * collide ("nonce too low", "replacement transaction underpriced") or, when the later one pays a higher fee,
 * silently replace the earlier one, whose receipt then never comes. Collisions with other processes retry.
 */
async function send(
  devnet: DevnetConnection,
  what: string,
  from: DevAccount | Address,
  write: (wallet: DevnetWallet) => Promise<Hash>,
): Promise<void> {
  const sender = typeof from === 'string' ? from : privateKeyToAccount(from.privateKey);
  const wallet = devnetWalletClient(devnet, sender);
  const key = `${devnet.rpcUrl} ${(typeof sender === 'string' ? sender : sender.address).toLowerCase()}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await confirm(devnet, what, await oneAtATime(key, () => write(wallet)));
    } catch (error) {
      const collided =
        error instanceof BaseError &&
        error.walk(
          (e) =>
            e instanceof NonceTooLowError ||
            (e instanceof Error && /replacement transaction underpriced/i.test(e.message)),
        ) !== null;
      if (typeof from !== 'string' || !collided || attempt === MAX_SEND_ATTEMPTS) throw error;
      await delay(Math.random() * 20);
    }
  }
}

/** The tail of each sender's queue of submissions. */
const submissions = new Map<string, Promise<unknown>>();

/** Runs `task` once every earlier task queued under `key` has settled. */
function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const result = (submissions.get(key) ?? Promise.resolve()).then(task, task);
  const tail = result.catch(() => undefined);
  submissions.set(key, tail);
  void tail.then(() => {
    if (submissions.get(key) === tail) submissions.delete(key);
  });
  return result;
}

async function confirm(devnet: DevnetConnection, what: string, hash: Hash): Promise<void> {
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
  for (;;) {
    // viem waits for ever by default: a dropped transaction must fail the caller, not hang it.
    const timeout = Math.max(0, Math.min(STUCK_AFTER_MS, deadline - Date.now()));
    const receipt = await devnetPublicClient(devnet)
      .waitForTransactionReceipt({ hash, timeout })
      .catch((error: unknown) => {
        if (error instanceof WaitForTransactionReceiptTimeoutError) return undefined;
        throw error;
      });
    if (receipt !== undefined) {
      if (receipt.status !== 'success') throw new Error(`devnet: ${what} transaction ${hash} reverted`);
      return;
    }
    if (Date.now() >= deadline) {
      throw new Error(`devnet: ${what} transaction ${hash} was not mined within ${CONFIRM_TIMEOUT_MS} ms`);
    }
    // Anvil's automine can leave a ready transaction in its pool when many arrive at once
    // (foundry-rs/foundry#10122); a block mined on request takes it.
    await devnetTestClient(devnet).mine({ blocks: 1 });
  }
}
