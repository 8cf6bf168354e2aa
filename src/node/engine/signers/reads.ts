import type { Kysely } from 'kysely';
import { SignerSource } from '../../../protocol/gen/request_response.js';
import type { Signer } from '../../../protocol/gen/request_response.js';
import { FARCASTER_EPOCH_MS } from '../../../protocol/time.js';
import { MAX_GASLESS_KEYS_PER_FID } from '../../../protocol/validation/index.js';
import { activeSignerEvent, activeSignerEvents } from '../../onchain/queries.js';
import type { ChainPosition } from '../../onchain/rows.js';
import { onChainSigner } from '../../onchain/signer-records.js';
import type { Page, PageRequest } from '../../store/page.js';
import type { NodeTables } from '../../store/schema.js';
import { countGaslessKeys, gaslessKey, gaslessKeysOfFid, keyAddBodyOf, noncesOf } from './gasless-store.js';
import type { GaslessKey } from './gasless-store.js';

/**
 * A fid's signers as one list (snapchain-messages.md §4.4): its active on-chain keys in chain order, then
 * its gasless keys, expired ones included, in key byte order.
 */

/** Where a page of signers ends: an on-chain key's event, or a gasless key. */
export type SignerPosition = { onchain: ChainPosition } | { gasless: Uint8Array };

const EPOCH_SECONDS = FARCASTER_EPOCH_MS / 1000;

/** A gasless key as a Signer record; its times in Unix seconds, as Snapchain reports them. */
function gaslessSigner(record: GaslessKey): Signer {
  const body = keyAddBodyOf(record);
  const lastUsedAt = record.lastUsedAt + EPOCH_SECONDS;
  return {
    source: SignerSource.OFFCHAIN,
    key: record.key,
    keyType: body.keyType,
    fid: record.fid,
    addedAt: (record.message.data?.timestamp ?? 0) + EPOCH_SECONDS,
    lastUsedAt,
    ttl: body.ttl,
    expiresAt: lastUsedAt + body.ttl,
    scopes: body.scopes,
    requestFid: record.requestFid,
    nonce: body.nonce,
  };
}

/** The key's record among the fid's signers: on chain first, then gasless; undefined when neither. */
export async function signerOf(
  db: Kysely<NodeTables>,
  fid: number,
  key: Uint8Array,
): Promise<Signer | undefined> {
  const event = await activeSignerEvent(db, fid, key);
  if (event !== undefined) return onChainSigner(event);
  const record = await gaslessKey(db, key);
  return record?.fid === fid ? gaslessSigner(record) : undefined;
}

export function signerPosition(signer: Signer): SignerPosition {
  const event = signer.onchainEvent;
  return event === undefined
    ? { gasless: signer.key }
    : { onchain: { blockNumber: event.blockNumber, logIndex: event.logIndex } };
}

/** The position type of each part of the list. */
interface Positions {
  onchain: ChainPosition;
  gasless: Uint8Array;
}

/** One part of the list: reads a page of its own after one of its own positions. */
interface Segment {
  owns(position: SignerPosition): boolean;
  read(after: SignerPosition | undefined, limit: number, reverse: boolean): Promise<Page<Signer, unknown>>;
}

function segment<K extends keyof Positions, T>(
  kind: K,
  read: (page: PageRequest<Positions[K]>) => Promise<Page<T, Positions[K]>>,
  toSigner: (item: T) => Signer,
): Segment {
  return {
    owns: (position) => kind in position,
    async read(after, limit, reverse) {
      const own = after !== undefined && kind in after ? (after as Positions)[kind] : undefined;
      const page = await read({ limit, reverse, after: own });
      return { items: page.items.map(toSigner), next: page.next };
    },
  };
}

/**
 * A page of the fid's signers; `reverse` walks the list from its end (gasless keys first). A page that
 * ends exactly at the end of the list has no next position.
 */
export async function signersPage(
  db: Kysely<NodeTables>,
  fid: number,
  page: PageRequest<SignerPosition>,
): Promise<Page<Signer, SignerPosition>> {
  const onChain = segment('onchain', (request) => activeSignerEvents(db, fid, request), onChainSigner);
  const gasless = segment('gasless', (request) => gaslessKeysOfFid(db, fid, request), gaslessSigner);
  const reverse = page.reverse ?? false;
  const segments = reverse ? [gasless, onChain] : [onChain, gasless];
  const { after } = page;
  const start = after === undefined ? 0 : segments.findIndex((part) => part.owns(after));
  const items: Signer[] = [];
  for (let index = start; index < segments.length; index++) {
    const remaining = page.limit - items.length;
    // A full page only looks ahead (one row) to know whether a next page exists.
    const read = await segments[index]!.read(
      index === start ? after : undefined,
      Math.max(remaining, 1),
      reverse,
    );
    if (remaining === 0) return read.items.length === 0 ? { items } : { items, next: lastPosition(items) };
    items.push(...read.items);
    if (read.next !== undefined) return { items, next: lastPosition(items) };
  }
  return { items };
}

function lastPosition(items: readonly Signer[]): SignerPosition | undefined {
  const last = items.at(-1);
  return last === undefined ? undefined : signerPosition(last);
}

/** What GetSignersByFid reports beside the page: the fid's gasless count and nonces, an app's nonces. */
export interface SignerCounts {
  gaslessSignerCount: number;
  gaslessSignerLimit: number;
  currentUserNonce: number;
  /** One per requester fid asked for (a missing counter reads 0). */
  requesterFidNonces: Record<number, number>;
}

export async function signerCounts(
  db: Kysely<NodeTables>,
  fid: number,
  requesterFids: readonly number[],
): Promise<SignerCounts> {
  const nonces = await noncesOf(db, [fid, ...requesterFids]);
  return {
    gaslessSignerCount: await countGaslessKeys(db, fid),
    gaslessSignerLimit: MAX_GASLESS_KEYS_PER_FID,
    currentUserNonce: nonces.get(fid)?.user_nonce ?? 0,
    requesterFidNonces: Object.fromEntries(
      requesterFids.map((requester) => [requester, nonces.get(requester)?.app_nonce ?? 0]),
    ),
  };
}
