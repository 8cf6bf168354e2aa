import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  idGatewayABI,
  idRegistryABI,
  keyGatewayABI,
  keyRegistryABI,
  signedKeyRequestValidatorABI,
  storageRegistryABI,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import {
  bytesToHex,
  decodeEventLog,
  hexToBytes,
  keccak256,
  parseAbi,
  parseEther,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import walletArtifact from '../contracts/artifacts/ContractWallet.json' with { type: 'json' };
import { KEY_STATE, type ContractName } from '../src/chain/contracts.js';
import {
  DEVNET_ROLES,
  devnetPublicClient,
  devnetTestClient,
  devnetWalletClient,
  startDevnet,
  type DevAccount,
  type Devnet,
  type DevnetConnection,
} from '../src/chain/devnet/index.js';
import {
  addSigner,
  chainDeadline,
  createAccount,
  createWallet,
  randomEd25519KeyPair,
  removeSigner,
  rentStorage,
  signAddFor,
  signKeyRequestMetadata,
  transferCustody,
  type FidOwner,
  type FixtureAccount,
} from '../src/chain/fixtures.js';
import { signIdGatewayRegister, signIdRegistryTransfer } from '../src/protocol/eip712/index.js';

/** Our contracts on a real anvil, driven and decoded with @farcaster/core's ABIs to prove compatibility. */

const CORE_ABIS: Record<ContractName, Abi> = {
  idRegistry: idRegistryABI,
  idGateway: idGatewayABI,
  keyRegistry: keyRegistryABI,
  keyGateway: keyGatewayABI,
  storageRegistry: storageRegistryABI,
  signedKeyRequestValidator: signedKeyRequestValidatorABI,
};

/** Errors that bubble up from a registry through a gateway, whose core ABI does not list them. */
const NESTED_ERRORS = parseAbi(['error HasId()', 'error InvalidPayment()']);

/** A contract call written loosely: tests pass wrong arguments on purpose. */
interface Call {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  value?: bigint;
}

let devnet: Devnet;
let app: FixtureAccount;

before(async () => {
  devnet = await startDevnet({ port: 0 });
  app = await createAccount(devnet);
});
after(() => devnet?.stop());

const client = () => devnetPublicClient(devnet);
const relayer = () => devnet.accounts[DEVNET_ROLES.relayer]!;
const owner = () => devnet.accounts[DEVNET_ROLES.owner]!;

function call(contract: ContractName, functionName: string, args: readonly unknown[], value?: bigint): Call {
  return { address: devnet.contracts[contract], abi: CORE_ABIS[contract], functionName, args, value };
}

async function read(contract: ContractName, functionName: string, args: readonly unknown[] = []) {
  const request = call(contract, functionName, args);
  return client().readContract(request as Parameters<ReturnType<typeof client>['readContract']>[0]);
}

/** Sends a call from `from` (signing locally) and returns its receipt once mined. */
async function write(from: DevAccount, request: Call, gas?: bigint): Promise<TransactionReceipt> {
  const wallet = devnetWalletClient(devnet, privateKeyToAccount(from.privateKey));
  type Request = Parameters<typeof wallet.writeContract>[0];
  const hash = await wallet.writeContract({ ...request, gas } as Request);
  return client().waitForTransactionReceipt({ hash });
}

/** The call must revert with `error`, also when forced on chain, where it is mined with no logs. */
async function expectRevert(from: DevAccount, request: Call, error: string): Promise<void> {
  type Request = Parameters<ReturnType<typeof client>['simulateContract']>[0];
  const abi = [...request.abi, ...NESTED_ERRORS];
  const simulation = client().simulateContract({ ...request, abi, account: from.address } as Request);
  await assert.rejects(simulation, (thrown: Error) => thrown.message.includes(error));
  const receipt = await write(from, request, 1_000_000n);
  assert.equal(receipt.status, 'reverted');
  assert.deepEqual(receipt.logs, []);
}

/** An expected log: the emitting contract, the event and its decoded arguments. */
function logOf(contract: ContractName, eventName: string, args: Record<string, unknown>) {
  return { address: devnet.contracts[contract].toLowerCase(), eventName, args };
}

/** Decodes every log of a successful receipt with core's ABI of the contract that emitted it. */
function decodedLogs(receipt: TransactionReceipt): ReturnType<typeof logOf>[] {
  assert.equal(receipt.status, 'success');
  return receipt.logs.map((log) => {
    const contract = (Object.keys(CORE_ABIS) as ContractName[]).find(
      (name) => devnet.contracts[name].toLowerCase() === log.address.toLowerCase(),
    );
    assert.ok(contract, `unexpected log from ${log.address}`);
    const abi = CORE_ABIS[contract];
    const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics, strict: true });
    return logOf(contract, String(decoded.eventName), decoded.args as unknown as Record<string, unknown>);
  });
}

const fundedWallet = () => createWallet(devnet, { amount: parseEther('1') });
const price = async (extraStorage = 0n) => (await read('idGateway', 'price', [extraStorage])) as bigint;

/** `addFor` for a key, with `signer`'s Add signature (default the owner) and `app`'s key request. */
async function addForCall(
  fidOwner: DevAccount,
  options: { key?: Hex; app?: FidOwner; deadline?: bigint; signer?: DevAccount } = {},
): Promise<Call> {
  const key = options.key ?? randomEd25519KeyPair().publicKey;
  const deadline = options.deadline ?? (await chainDeadline(devnet));
  const metadata = await signKeyRequestMetadata(devnet, options.app ?? app, key, await chainDeadline(devnet));
  const sig = await signAddFor(devnet, options.signer ?? fidOwner, { key, metadata, deadline });
  return call('keyGateway', 'addFor', [fidOwner.address, 1, key, 1, metadata, deadline, sig]);
}

const addLog = (fid: bigint, key: Hex, metadata: Hex) =>
  logOf('keyRegistry', 'Add', {
    fid,
    keyType: 1,
    key: keccak256(key),
    keyBytes: key,
    metadataType: 1,
    metadata,
  });

/** The key and metadata of an `addFor` call. */
const addedKey = (request: Call) => {
  const [, , key, , metadata] = request.args as [Address, number, Hex, number, Hex];
  return { key, metadata };
};

/** The same signature with s replaced by n - s and v flipped: valid for plain ecrecover, not canonical. */
function highS(signature: Hex): Hex {
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const bytes = hexToBytes(signature);
  const s = BigInt(bytesToHex(bytes.slice(32, 64)));
  bytes.set(hexToBytes(`0x${(n - s).toString(16).padStart(64, '0')}`), 32);
  bytes[64] = bytes[64] === 27 ? 28 : 27;
  return bytesToHex(bytes);
}

describe('IdGateway and IdRegistry', () => {
  it('register issues the next fid, rents one unit and refunds the overpayment', async () => {
    const wallet = await fundedWallet();
    const recovery = (await fundedWallet()).address;
    const cost = await price();
    const before = await client().getBalance({ address: wallet.address });
    const receipt = await write(wallet, call('idGateway', 'register', [recovery], cost + parseEther('0.5')));
    const fid = (await read('idRegistry', 'idCounter')) as bigint;
    assert.deepEqual(decodedLogs(receipt), [
      logOf('idRegistry', 'Register', { to: wallet.address, id: fid, recovery }),
      logOf('storageRegistry', 'Rent', { payer: devnet.contracts.idGateway, fid, units: 1n }),
    ]);
    const after = await client().getBalance({ address: wallet.address });
    assert.equal(before - after, cost + receipt.gasUsed * receipt.effectiveGasPrice);
    assert.equal(await read('idRegistry', 'idOf', [wallet.address]), fid);
    assert.equal(await read('idRegistry', 'custodyOf', [fid]), wallet.address);
    assert.equal(await read('idRegistry', 'recoveryOf', [fid]), recovery);
  });

  it('register twice from one address reverts (HasId)', async () => {
    const account = await createAccount(devnet);
    await expectRevert(account.custody, call('idGateway', 'register', [zeroAddress], await price()), 'HasId');
  });

  it('registerFor registers the signer of a Register message, with extra storage', async () => {
    const toKey = generatePrivateKey();
    const to = privateKeyToAccount(toKey).address;
    const payer = await fundedWallet();
    const deadline = await chainDeadline(devnet);
    const register = { to, recovery: zeroAddress, nonce: 0n, deadline };
    const value = await price(2n);
    const registerFor = (sig: Hex, paid = value) =>
      call('idGateway', 'registerFor', [to, zeroAddress, deadline, sig, 2n], paid);
    const sig = await signIdGatewayRegister(register, toKey);
    const wrongSig = await signIdGatewayRegister(register, payer.privateKey);
    await expectRevert(payer, registerFor(wrongSig), 'InvalidSignature');
    await expectRevert(payer, registerFor(sig, value - 1n), 'InvalidPayment');
    const receipt = await write(payer, registerFor(sig));
    const fid = decodedLogs(receipt)[0]?.args.id as bigint;
    assert.deepEqual(decodedLogs(receipt), [
      logOf('idRegistry', 'Register', { to, id: fid, recovery: zeroAddress }),
      logOf('storageRegistry', 'Rent', { payer: devnet.contracts.idGateway, fid, units: 3n }),
    ]);
  });

  it('transfer moves the fid to the address that signed Transfer; the recovery address stays', async () => {
    const account = await createAccount(devnet, { recovery: app.custody.address });
    const to = await fundedWallet();
    const deadline = await chainDeadline(devnet);
    const sig = await signIdRegistryTransfer(
      { fid: account.fid, to: to.address, nonce: 0n, deadline },
      to.privateKey,
    );
    const transfer = call('idRegistry', 'transfer', [to.address, deadline, sig]);
    assert.deepEqual(decodedLogs(await write(account.custody, transfer)), [
      logOf('idRegistry', 'Transfer', { from: account.custody.address, to: to.address, id: account.fid }),
    ]);
    assert.equal(await read('idRegistry', 'idOf', [to.address]), account.fid);
    assert.equal(await read('idRegistry', 'idOf', [account.custody.address]), 0n);
    assert.equal(await read('idRegistry', 'recoveryOf', [account.fid]), app.custody.address);
    assert.equal(await read('idRegistry', 'nonces', [to.address]), 1n);
    await expectRevert(account.custody, transfer, 'HasNoId');
  });

  it('transfer refuses an expired deadline, a wrong signer and a malleable (high-s) signature', async () => {
    const account = await createAccount(devnet);
    const to = await fundedWallet();
    const sign = (deadline: bigint, key: Hex) =>
      signIdRegistryTransfer({ fid: account.fid, to: to.address, nonce: 0n, deadline }, key);
    const transfer = (deadline: bigint, sig: Hex) =>
      call('idRegistry', 'transfer', [to.address, deadline, sig]);
    const expired = (await chainDeadline(devnet, 0n)) - 1n;
    const sender = account.custody;
    await expectRevert(sender, transfer(expired, await sign(expired, to.privateKey)), 'SignatureExpired');
    const deadline = await chainDeadline(devnet);
    await expectRevert(
      sender,
      transfer(deadline, await sign(deadline, sender.privateKey)),
      'InvalidSignature',
    );
    const valid = await sign(deadline, to.privateKey);
    await expectRevert(sender, transfer(deadline, highS(valid)), 'InvalidSignature');
    assert.equal((await write(sender, transfer(deadline, valid))).status, 'success');
  });

  it('changeRecoveryAddress by the custody address logs the new recovery address', async () => {
    const account = await createAccount(devnet);
    const recovery = (await fundedWallet()).address;
    const change = call('idRegistry', 'changeRecoveryAddress', [recovery]);
    assert.deepEqual(decodedLogs(await write(account.custody, change)), [
      logOf('idRegistry', 'ChangeRecoveryAddress', { id: account.fid, recovery }),
    ]);
    await expectRevert(await fundedWallet(), change, 'HasNoId');
  });
});

describe('KeyGateway and KeyRegistry', () => {
  const keyData = (fid: bigint, key: Hex) => read('keyRegistry', 'keyDataOf', [fid, key]);
  const keysOf = (fid: bigint, state: number) => read('keyRegistry', 'keysOf', [fid, state]);

  it('add by the custody address logs Add and marks the key ADDED', async () => {
    const account = await createAccount(devnet, { app });
    const key = randomEd25519KeyPair().publicKey;
    const metadata = await signKeyRequestMetadata(devnet, app, key, await chainDeadline(devnet));
    const receipt = await write(account.custody, call('keyGateway', 'add', [1, key, 1, metadata]));
    assert.deepEqual(decodedLogs(receipt), [addLog(account.fid, key, metadata)]);
    assert.deepEqual(await keyData(account.fid, key), { state: KEY_STATE.added, keyType: 1 });
    const added = new Set(await (keysOf(account.fid, KEY_STATE.added) as Promise<Hex[]>));
    assert.deepEqual(added, new Set([account.signer.publicKey, key]));
  });

  it("addFor relayed with the owner's Add signature logs Add", async () => {
    const account = await createAccount(devnet);
    const addFor = await addForCall(account.custody);
    const { key, metadata } = addedKey(addFor);
    assert.deepEqual(decodedLogs(await write(relayer(), addFor)), [addLog(account.fid, key, metadata)]);
  });

  it('addFor reverts with no logs on a wrong signature, an expired deadline, a non-custody request signer or a 31-byte key', async () => {
    const account = await createAccount(devnet);
    const stranger = await fundedWallet();
    const addFor = (options: Parameters<typeof addForCall>[1]) => addForCall(account.custody, options);
    await expectRevert(relayer(), await addFor({ signer: stranger }), 'InvalidSignature');
    const expired = (await chainDeadline(devnet, 0n)) - 1n;
    await expectRevert(relayer(), await addFor({ deadline: expired }), 'SignatureExpired');
    await expectRevert(
      relayer(),
      await addFor({ app: { fid: app.fid, custody: stranger } }),
      'InvalidMetadata',
    );
    const shortKey = bytesToHex(hexToBytes(randomEd25519KeyPair().publicKey).slice(0, 31));
    await expectRevert(relayer(), await addFor({ key: shortKey }), 'InvalidMetadata');
    assert.deepEqual(await keysOf(account.fid, KEY_STATE.added), [account.signer.publicKey]);
  });

  it('remove logs Remove, the key becomes REMOVED and can never be added again', async () => {
    const account = await createAccount(devnet);
    const key = account.signer.publicKey;
    const receipt = await write(account.custody, call('keyRegistry', 'remove', [key]));
    assert.deepEqual(decodedLogs(receipt), [
      logOf('keyRegistry', 'Remove', { fid: account.fid, key: keccak256(key), keyBytes: key }),
    ]);
    assert.deepEqual(await keyData(account.fid, key), { state: KEY_STATE.removed, keyType: 1 });
    assert.deepEqual(await keysOf(account.fid, KEY_STATE.removed), [key]);
    const metadata = await signKeyRequestMetadata(devnet, app, key, await chainDeadline(devnet));
    await expectRevert(account.custody, call('keyGateway', 'add', [1, key, 1, metadata]), 'InvalidState');
  });

  it("removeFor relayed with the owner's Remove signature logs Remove", async () => {
    const account = await createAccount(devnet);
    const key = account.signer.publicKey;
    const fromBlock = (await client().getBlockNumber()) + 1n;
    await removeSigner(devnet, account, key, { relayer: relayer() });
    const logs = await client().getContractEvents({
      address: devnet.contracts.keyRegistry,
      abi: keyRegistryABI,
      fromBlock,
      strict: true,
    });
    assert.deepEqual(
      logs.map((log) => [log.eventName, log.args]),
      [['Remove', { fid: account.fid, key: keccak256(key), keyBytes: key }]],
    );
  });

  it('an fid holds at most maxKeysPerFid ADDED keys', async () => {
    const test = devnetTestClient(devnet);
    // maxKeysPerFid is storage slot 4 (after owner, nonces, idRegistry, keyGateway); lowered to stay fast.
    const setMaxKeys = (max: number) =>
      test.setStorageAt({
        address: devnet.contracts.keyRegistry,
        index: `0x${'4'.padStart(64, '0')}`,
        value: `0x${max.toString(16).padStart(64, '0')}`,
      });
    assert.equal(await read('keyRegistry', 'maxKeysPerFid'), 1000n);
    await setMaxKeys(2);
    try {
      assert.equal(await read('keyRegistry', 'maxKeysPerFid'), 2n);
      const account = await createAccount(devnet);
      await addSigner(devnet, account);
      await expectRevert(relayer(), await addForCall(account.custody), 'ExceedsMaximum');
    } finally {
      await setMaxKeys(1000);
    }
  });

  it("accepts a key request signed with @farcaster/core's ViemLocalEip712Signer", async () => {
    const account = await createAccount(devnet);
    const coreSigner = new ViemLocalEip712Signer(privateKeyToAccount(app.custody.privateKey));
    const key = randomEd25519KeyPair().publicKey;
    const request = { requestFid: app.fid, key: hexToBytes(key), deadline: await chainDeadline(devnet) };
    assert.ok((await coreSigner.signKeyRequest(request)).isOk());
    const metadata = bytesToHex((await coreSigner.getSignedKeyRequestMetadata(request))._unsafeUnwrap());
    const otherKey = randomEd25519KeyPair().publicKey;
    assert.equal(await read('signedKeyRequestValidator', 'validate', [account.fid, key, metadata]), true);
    assert.equal(
      await read('signedKeyRequestValidator', 'validate', [account.fid, otherKey, metadata]),
      false,
    );
    const receipt = await write(account.custody, call('keyGateway', 'add', [1, key, 1, metadata]));
    assert.deepEqual(decodedLogs(receipt), [addLog(account.fid, key, metadata)]);
  });

  it('owner-only AdminReset and Migrated decode as the hub expects', async () => {
    const account = await createAccount(devnet);
    const key = account.signer.publicKey;
    const reset = call('keyRegistry', 'bulkResetKeysForMigration', [[{ fid: account.fid, keys: [key] }]]);
    await expectRevert(account.custody, reset, 'Unauthorized');
    assert.deepEqual(decodedLogs(await write(owner(), reset)), [
      logOf('keyRegistry', 'AdminReset', { fid: account.fid, key: keccak256(key), keyBytes: key }),
    ]);
    assert.deepEqual(await keyData(account.fid, key), { state: KEY_STATE.null, keyType: 1 });
    const receipt = await write(owner(), call('keyRegistry', 'migrate', []));
    const { timestamp } = await client().getBlock({ blockNumber: receipt.blockNumber });
    assert.deepEqual(decodedLogs(receipt), [logOf('keyRegistry', 'Migrated', { migratedAt: timestamp })]);
  });
});

describe('StorageRegistry', () => {
  it('rent logs Rent with the payer, charges price(units) and refunds the overpayment', async () => {
    const payer = await fundedWallet();
    const cost = (await read('storageRegistry', 'price', [3n])) as bigint;
    assert.equal(cost, 3n * ((await read('storageRegistry', 'unitPrice')) as bigint));
    const before = await client().getBalance({ address: payer.address });
    const receipt = await write(payer, call('storageRegistry', 'rent', [app.fid, 3n], cost + 12345n));
    assert.deepEqual(decodedLogs(receipt), [
      logOf('storageRegistry', 'Rent', { payer: payer.address, fid: app.fid, units: 3n }),
    ]);
    const after = await client().getBalance({ address: payer.address });
    assert.equal(before - after, cost + receipt.gasUsed * receipt.effectiveGasPrice);
    const underpaid = call('storageRegistry', 'rent', [app.fid, 3n], cost - 1n);
    await expectRevert(payer, underpaid, 'InvalidPayment');
  });

  it('credit by the operator logs Rent with the operator as payer', async () => {
    const receipt = await write(owner(), call('storageRegistry', 'credit', [app.fid, 2n]));
    assert.deepEqual(decodedLogs(receipt), [
      logOf('storageRegistry', 'Rent', { payer: owner().address, fid: app.fid, units: 2n }),
    ]);
  });
});

describe('ERC-1271 smart wallets', () => {
  it('a contract custody address registers, signs key requests and approves addFor', async () => {
    const walletOwner = await fundedWallet();
    const deployer = devnetWalletClient(devnet, privateKeyToAccount(walletOwner.privateKey));
    const { contractAddress } = await client().waitForTransactionReceipt({
      hash: await deployer.deployContract({
        abi: walletArtifact.abi as Abi,
        bytecode: walletArtifact.bytecode as Hex,
        args: [walletOwner.address],
      }),
    });
    assert.ok(contractAddress);
    // The wallet approves what its owner signs, so the owner's key signs "as" the wallet.
    const wallet: DevAccount = { address: contractAddress, privateKey: walletOwner.privateKey };
    const deadline = await chainDeadline(devnet);
    const register = { to: wallet.address, recovery: zeroAddress, nonce: 0n, deadline };
    const sig = await signIdGatewayRegister(register, walletOwner.privateKey);
    const registerFor = call(
      'idGateway',
      'registerFor',
      [wallet.address, zeroAddress, deadline, sig],
      await price(),
    );
    const fid = decodedLogs(await write(walletOwner, registerFor))[0]?.args.id as bigint;

    const self = { fid, custody: wallet };
    const addFor = await addForCall(wallet, { app: self });
    const { key, metadata } = addedKey(addFor);
    assert.deepEqual(decodedLogs(await write(relayer(), addFor)), [addLog(fid, key, metadata)]);
    const forged = await addForCall(wallet, { app: self, signer: await fundedWallet() });
    await expectRevert(relayer(), forged, 'InvalidSignature');
  });
});

describe('fixtures', () => {
  it('relayed addSigner, transferCustody and rentStorage change the chain; concurrent accounts get distinct fids', async () => {
    const [account, other] = await Promise.all([
      createAccount(devnet, { app }),
      createAccount(devnet, { app }),
    ]);
    assert.ok(account && other && account.fid !== other.fid && account.appFid === app.fid);
    const key = await addSigner(devnet, account, { relayer: relayer() });
    assert.deepEqual(await read('keyRegistry', 'keyDataOf', [account.fid, key.publicKey]), {
      state: KEY_STATE.added,
      keyType: 1,
    });
    const moved = await transferCustody(devnet, account);
    assert.equal(await read('idRegistry', 'custodyOf', [account.fid]), moved.custody.address);
    const fromBlock = (await client().getBlockNumber()) + 1n;
    await rentStorage(devnet, moved, 2n);
    const [rent] = await client().getContractEvents({
      address: devnet.contracts.storageRegistry,
      abi: storageRegistryABI,
      fromBlock,
      strict: true,
    });
    assert.deepEqual(rent?.args, { payer: moved.custody.address, fid: account.fid, units: 2n });
  });
});

describe('devnet restart with a state file', () => {
  it('keeps accounts, fids and signers, and does not reinstall', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agora-chain-state-'));
    const stateFile = path.join(dir, 'chain', 'state.json');
    const readOn = (chain: DevnetConnection, contract: ContractName, functionName: string, args: unknown[]) =>
      devnetPublicClient(chain).readContract({
        address: chain.contracts[contract],
        abi: CORE_ABIS[contract],
        functionName,
        args,
      });
    try {
      const first = await startDevnet({ port: 0, stateFile });
      const account = await createAccount(first);
      await first.stop();
      const second = await startDevnet({ port: 0, stateFile });
      try {
        assert.equal(second.fresh, false);
        assert.equal(await readOn(second, 'idRegistry', 'idOf', [account.custody.address]), account.fid);
        assert.deepEqual(
          await readOn(second, 'keyRegistry', 'keyDataOf', [account.fid, account.signer.publicKey]),
          {
            state: KEY_STATE.added,
            keyType: 1,
          },
        );
        assert.equal((await createAccount(second)).fid, account.fid + 1n);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
