import { parseAbi, parseEther, type Abi, type Address, type ContractFunctionArgs, type Hash } from 'viem';
import { contractArtifact, CONTRACT_NAMES, type ContractAddresses, type ContractName } from '../contracts.js';
import type { DevnetLogger } from './anvil.js';
import {
  devnetPublicClient,
  devnetTestClient,
  devnetWalletClient,
  type DevnetConnection,
} from './clients.js';

/** Values the installer gives the contracts. */
export interface InstallSettings {
  /** Owner of every contract (sets the storage price, migrates, resets keys). */
  owner: Address;
  /** May `credit` storage without paying. */
  storageOperator: Address;
  /** Wei per storage unit; registration costs one unit. */
  unitPrice: bigint;
  maxStorageUnits: bigint;
  maxKeysPerFid: bigint;
}

/** Storage at 0.001 ETH a unit; capacity and key limit as deployed on OP mainnet. */
export const DEFAULT_INSTALL_SETTINGS = {
  unitPrice: parseEther('0.001'),
  maxStorageUnits: 200_000n,
  maxKeysPerFid: 1000n,
} as const satisfies Partial<InstallSettings>;

/** The `initialize` of each contract (overloads of one name; viem picks by argument types). */
const INITIALIZE_ABI = parseAbi([
  'function initialize(address initialOwner, address other)',
  'function initialize(address initialOwner, address registry, address storageRegistry_)',
  'function initialize(address initialOwner, address registry, address gateway, address signedKeyRequestValidator, uint256 initialMaxKeysPerFid)',
  'function initialize(address initialOwner, address initialOperator, uint256 initialUnitPrice, uint256 initialMaxUnits)',
]);

type InitializeArgs = ContractFunctionArgs<typeof INITIALIZE_ABI, 'nonpayable', 'initialize'>;

export type InstallOutcome = 'installed' | 'present';

type Connection = Pick<DevnetConnection, 'rpcUrl' | 'chainId' | 'contracts'>;

/**
 * Puts our contracts' runtime code at `devnet.contracts` with `anvil_setCode` and wires them with one
 * `initialize` call each, sent from `settings.owner` (an unlocked dev account). A chain that already has
 * code at every address (a loaded state file) is left alone: `'present'`.
 */
export async function installContracts(
  devnet: Connection,
  settings: InstallSettings,
  logger?: DevnetLogger,
): Promise<InstallOutcome> {
  const publicClient = devnetPublicClient(devnet);
  const codes = await Promise.all(
    CONTRACT_NAMES.map((name) => publicClient.getCode({ address: devnet.contracts[name] })),
  );
  const present = CONTRACT_NAMES.filter((_, i) => codes[i] !== undefined && codes[i] !== '0x');
  if (present.length === CONTRACT_NAMES.length) {
    const outdated = CONTRACT_NAMES.filter((name, i) => codes[i] !== contractArtifact(name).deployedBytecode);
    if (outdated.length > 0) {
      logger?.warn(
        `devnet: the loaded state has different code for ${outdated.join(', ')}; start fresh to get the current contracts`,
      );
    }
    return 'present';
  }
  if (present.length > 0) {
    throw new Error(`devnet: the chain has code for ${present.join(', ')} but not for every contract`);
  }

  const testClient = devnetTestClient(devnet);
  await Promise.all(
    CONTRACT_NAMES.map((name) =>
      testClient.setCode({
        address: devnet.contracts[name],
        bytecode: contractArtifact(name).deployedBytecode,
      }),
    ),
  );
  const hashes = await initializeAll(devnet, settings);
  const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
  const failed = receipts.findIndex((receipt) => receipt.status !== 'success');
  if (failed !== -1) throw new Error(`devnet: initialize of ${CONTRACT_NAMES[failed]} reverted`);
  return 'installed';
}

/** The wiring: every contract gets the owner and the addresses of the contracts it calls. */
function initializeArgs(
  c: ContractAddresses,
  settings: InstallSettings,
): Record<ContractName, InitializeArgs> {
  const owner = settings.owner;
  return {
    idRegistry: [owner, c.idGateway],
    idGateway: [owner, c.idRegistry, c.storageRegistry],
    keyRegistry: [owner, c.idRegistry, c.keyGateway, c.signedKeyRequestValidator, settings.maxKeysPerFid],
    keyGateway: [owner, c.keyRegistry],
    storageRegistry: [owner, settings.storageOperator, settings.unitPrice, settings.maxStorageUnits],
    signedKeyRequestValidator: [owner, c.idRegistry],
  };
}

/** One initialize per contract, in {@link CONTRACT_NAMES} order; returns the transaction hashes. */
async function initializeAll(devnet: Connection, settings: InstallSettings): Promise<Hash[]> {
  const wallet = devnetWalletClient(devnet, settings.owner);
  const args = initializeArgs(devnet.contracts, settings);
  const hashes: Hash[] = [];
  // Sent one after another: anvil mines each on arrival, in order.
  for (const name of CONTRACT_NAMES) {
    hashes.push(
      await wallet.writeContract({
        address: devnet.contracts[name],
        // Widened: the overload is chosen at run time from the arguments' types.
        abi: INITIALIZE_ABI as Abi,
        functionName: 'initialize',
        args: args[name],
      }),
    );
  }
  return hashes;
}
