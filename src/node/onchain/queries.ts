import type { ExpressionBuilder, Kysely } from 'kysely';
import { OnChainEventType } from '../../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { reusableListQuery } from '../../storage/reusable-query.js';
import { checkLimit, toPage } from '../store/page.js';
import type { Page, PageRequest } from '../store/page.js';
import type { NodeTables, OnChainEventsTable } from '../store/schema.js';
import { decodeOnChainEvent } from './rows.js';
import type { ChainPosition } from './rows.js';
import { ED25519_KEY_TYPE, isActiveStatus, readSignerStatus } from './signer-state.js';
import { countableRents, sumRents } from './storage-units.js';
import type { Rent, StorageUnits } from './storage-units.js';

export interface FidRegistration {
  custodyAddress: Uint8Array;
  recoveryAddress: Uint8Array | null;
}

/** Custody and recovery of a registered fid; undefined when no REGISTER/TRANSFER is known. */
export async function fidRegistration(
  db: Kysely<NodeTables>,
  fid: number,
): Promise<FidRegistration | undefined> {
  return (await fidRegistrations(db, [fid])).get(fid);
}

// The reads of a merge batch's account state, compiled once per number of fids (reusableListQuery).
const registrationRows = reusableListQuery((db: Kysely<NodeTables>, fids: number[]) =>
  db.selectFrom('fids').select(['fid', 'custody_address', 'recovery_address']).where('fid', 'in', fids),
);
const signerRows = reusableListQuery((db: Kysely<NodeTables>, fids: number[]) =>
  db
    .selectFrom('signers')
    .select(['fid', 'key', 'state', 'key_type', 'block_number', 'log_index'])
    .where('fid', 'in', fids),
);
const rentRows = reusableListQuery((db: Kysely<NodeTables>, fids: number[], now: number) =>
  countableRents(db, now).where('fid', 'in', fids),
);

/** {@link fidRegistration} of many fids in one read; unregistered fids are absent. */
export async function fidRegistrations(
  db: Kysely<NodeTables>,
  fids: readonly number[],
): Promise<Map<number, FidRegistration>> {
  const rows = await registrationRows(db, fids);
  return new Map(
    rows.map((row) => [
      row.fid,
      { custodyAddress: row.custody_address, recoveryAddress: row.recovery_address },
    ]),
  );
}

/** The active signer keys (hex) of each of `fids`, as {@link isActiveSigner} decides them. */
export async function activeSignerKeys(
  db: Kysely<NodeTables>,
  fids: readonly number[],
): Promise<Map<number, Set<string>>> {
  const rows = await signerRows(db, fids);
  const keys = new Map<number, Set<string>>();
  for (const row of rows) {
    const status = {
      state: row.state,
      keyType: row.key_type,
      blockNumber: row.block_number,
      logIndex: row.log_index,
    };
    if (!isActiveStatus(status)) continue;
    const held = keys.get(row.fid) ?? new Set<string>();
    held.add(Buffer.from(row.key).toString('hex'));
    keys.set(row.fid, held);
  }
  return keys;
}

/** The unexpired storage units of each of `fids` at `nowMs`, as `storageUnits` counts them. */
export async function storageUnitsByFid(
  db: Kysely<NodeTables>,
  fids: readonly number[],
  nowMs: number,
): Promise<Map<number, StorageUnits>> {
  const now = Math.floor(nowMs / 1000);
  const rentsOf = new Map(fids.map((fid): [number, Rent[]] => [fid, []]));
  const rents = await rentRows(db, fids, now);
  for (const rent of rents) rentsOf.get(rent.fid)?.push(rent);
  return new Map([...rentsOf].map(([fid, held]) => [fid, sumRents(held, now)]));
}

/** The fid whose newest custody event names `address`; undefined when the address holds no fid. */
export async function fidOfCustodyAddress(
  db: Kysely<NodeTables>,
  address: Uint8Array,
): Promise<number | undefined> {
  const row = await custodyOf(db, address).select('fid').executeTakeFirst();
  return row?.fid;
}

/** The REGISTER/TRANSFER event that made `address` the custody address of its current fid. */
export async function idRegisterEventByAddress(
  db: Kysely<NodeTables>,
  address: Uint8Array,
): Promise<OnChainEvent | undefined> {
  return custodyEvent(custodyOf(db, address));
}

/** The fid's newest REGISTER/TRANSFER event: the one that set its current custody address. */
export async function idRegisterEventByFid(
  db: Kysely<NodeTables>,
  fid: number,
): Promise<OnChainEvent | undefined> {
  return custodyEvent(db.selectFrom('fids').where('fids.fid', '=', fid));
}

function custodyOf(db: Kysely<NodeTables>, address: Uint8Array) {
  // Out-of-order arrival can leave an older fid pointing at the address for a while; the newest wins.
  return db
    .selectFrom('fids')
    .where('custody_address', '=', address)
    .orderBy('custody_block_number', 'desc')
    .orderBy('custody_log_index', 'desc')
    .limit(1);
}

/** The ID_REGISTER event that set the custody of the first `fids` row the query selects. */
async function custodyEvent(fids: ReturnType<typeof custodyOf>): Promise<OnChainEvent | undefined> {
  const row = await fids
    .innerJoin('onchain_events as e', (join) =>
      join
        .on('e.type', '=', OnChainEventType.EVENT_TYPE_ID_REGISTER)
        .onRef('e.fid', '=', 'fids.fid')
        .onRef('e.block_number', '=', 'fids.custody_block_number')
        .onRef('e.log_index', '=', 'fids.custody_log_index'),
    )
    .select('e.encoded')
    .executeTakeFirst();
  return row === undefined ? undefined : decodeOnChainEvent(row);
}

/** Whether `key` may sign messages for `fid`: its latest deciding event is an ADD of key type 1. */
export async function isActiveSigner(db: Kysely<NodeTables>, fid: number, key: Uint8Array): Promise<boolean> {
  return isActiveStatus(await readSignerStatus(db, fid, key));
}

/** Key type of an auth address: an Ethereum address the Key Registry added to a fid. */
const AUTH_ADDRESS_KEY_TYPE = 2;

/**
 * Whether the Key Registry added `address` to the fid as an auth address. As in Snapchain, a later removal
 * does not matter: the key's row keeps the type of its last ADD.
 */
export async function hasAuthAddress(
  db: Kysely<NodeTables>,
  fid: number,
  address: Uint8Array,
): Promise<boolean> {
  const row = await db
    .selectFrom('signers')
    .select('fid')
    .where('fid', '=', fid)
    .where('key', '=', address)
    .where('key_type', '=', AUTH_ADDRESS_KEY_TYPE)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ADD event of an active signer; undefined when the key is not active for the fid. */
export async function activeSignerEvent(
  db: Kysely<NodeTables>,
  fid: number,
  key: Uint8Array,
): Promise<OnChainEvent | undefined> {
  const row = await fidEvents(db, fid, OnChainEventType.EVENT_TYPE_SIGNER)
    .where('e.signer_key', '=', key)
    .where(decidesActiveSigner)
    .select('e.encoded')
    .executeTakeFirst();
  return row === undefined ? undefined : decodeOnChainEvent(row);
}

/** The ADD events of the fid's active signers, in chain order. */
export function activeSignerEvents(
  db: Kysely<NodeTables>,
  fid: number,
  page: PageRequest<ChainPosition>,
): Promise<Page<OnChainEvent, ChainPosition>> {
  return pageOfEvents(
    fidEvents(db, fid, OnChainEventType.EVENT_TYPE_SIGNER).where(decidesActiveSigner),
    page,
  );
}

/** The fid's events of one type in chain order (SIGNER_MIGRATED events have fid 0). */
export function onChainEvents(
  db: Kysely<NodeTables>,
  fid: number,
  type: OnChainEventType,
  page: PageRequest<ChainPosition>,
): Promise<Page<OnChainEvent, ChainPosition>> {
  return pageOfEvents(fidEvents(db, fid, type), page);
}

/** Registered fids, ascending (`after` is the last fid of the previous page). */
export async function fidsPage(
  db: Kysely<NodeTables>,
  page: PageRequest<number>,
): Promise<Page<number, number>> {
  const limit = checkLimit(page.limit);
  let query = db
    .selectFrom('fids')
    .select('fid')
    .orderBy('fid', page.reverse ? 'desc' : 'asc')
    .limit(limit + 1);
  if (page.after !== undefined) query = query.where('fid', page.reverse ? '<' : '>', page.after);
  const fidOf = (row: { fid: number }) => row.fid;
  return toPage(await query.execute(), limit, fidOf, fidOf);
}

function fidEvents(db: Kysely<NodeTables>, fid: number, type: OnChainEventType) {
  return db.selectFrom('onchain_events as e').where('e.type', '=', type).where('e.fid', '=', fid);
}

type FidEventsQuery = ReturnType<typeof fidEvents>;

/** The event is the ADD that currently makes its key an active signer. */
function decidesActiveSigner(eb: ExpressionBuilder<NodeTables & { e: OnChainEventsTable }, 'e'>) {
  return eb.exists(
    eb
      .selectFrom('signers as s')
      .select('s.fid')
      .whereRef('s.fid', '=', 'e.fid')
      .whereRef('s.key', '=', 'e.signer_key')
      .whereRef('s.block_number', '=', 'e.block_number')
      .whereRef('s.log_index', '=', 'e.log_index')
      .where('s.state', '=', 'added')
      .where('s.key_type', '=', ED25519_KEY_TYPE),
  );
}

async function pageOfEvents(
  events: FidEventsQuery,
  page: PageRequest<ChainPosition>,
): Promise<Page<OnChainEvent, ChainPosition>> {
  const limit = checkLimit(page.limit);
  const direction = page.reverse ? 'desc' : 'asc';
  let query = events
    .select(['e.encoded', 'e.block_number', 'e.log_index'])
    .orderBy('e.block_number', direction)
    .orderBy('e.log_index', direction)
    .limit(limit + 1);
  if (page.after !== undefined) {
    const { blockNumber, logIndex } = page.after;
    query = query.where((eb) =>
      eb(
        eb.refTuple('e.block_number', 'e.log_index'),
        page.reverse ? '<' : '>',
        eb.tuple(blockNumber, logIndex),
      ),
    );
  }
  return toPage(await query.execute(), limit, decodeOnChainEvent, positionOf);
}

function positionOf(row: { block_number: number; log_index: number }): ChainPosition {
  return { blockNumber: row.block_number, logIndex: row.log_index };
}
