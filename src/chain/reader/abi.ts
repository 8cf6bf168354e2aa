import { parseAbi, toEventSelector } from 'viem';
import type { AbiEvent, Hex } from 'viem';

/**
 * The events the node consumes, declared exactly as the v3.1 contracts emit them (reference chain.md §2).
 * Only these are decoded: IdRegistry's own AdminReset/Migrated/Recover and admin events are ignored,
 * as in the reference hub (a recovery also emits Transfer, which carries the change).
 */
export const idRegistryEvents = parseAbi([
  'event Register(address indexed to, uint256 indexed id, address recovery)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed id)',
  'event ChangeRecoveryAddress(uint256 indexed id, address indexed recovery)',
]);

export const keyRegistryEvents = parseAbi([
  'event Add(uint256 indexed fid, uint32 indexed keyType, bytes indexed key, bytes keyBytes, uint8 metadataType, bytes metadata)',
  'event Remove(uint256 indexed fid, bytes indexed key, bytes keyBytes)',
  'event AdminReset(uint256 indexed fid, bytes indexed key, bytes keyBytes)',
  'event Migrated(uint256 indexed keysMigratedAt)',
]);

export const storageRegistryEvents = parseAbi([
  'event Rent(address indexed payer, uint256 indexed fid, uint256 units)',
]);

export type RegistryName = 'idRegistry' | 'keyRegistry' | 'storageRegistry';

/** The three registries the reader follows; other contracts (gateways, bundler) emit nothing it needs. */
export type RegistryAddresses = Record<RegistryName, Hex>;

export const registryEvents = {
  idRegistry: idRegistryEvents,
  keyRegistry: keyRegistryEvents,
  storageRegistry: storageRegistryEvents,
} as const;

const selectorsOf = (abi: readonly AbiEvent[]): ReadonlySet<Hex> =>
  new Set(abi.map((event) => toEventSelector(event)));

/** topic0 values per registry: the same topic on another registry (Migrated) is not consumed there. */
export const registrySelectors: Record<RegistryName, ReadonlySet<Hex>> = {
  idRegistry: selectorsOf(idRegistryEvents),
  keyRegistry: selectorsOf(keyRegistryEvents),
  storageRegistry: selectorsOf(storageRegistryEvents),
};

/** topic0 of every consumed event, for one eth_getLogs filter over the three addresses. */
export const consumedTopics: readonly Hex[] = [
  ...new Set(Object.values(registrySelectors).flatMap((selectors) => [...selectors])),
];
