import { fail, ok } from '../../../protocol/errors.js';
import type { HubResult } from '../../../protocol/errors.js';
import { MessageType } from '../../../protocol/gen/message.js';
import type { MessageData } from '../../../protocol/gen/message.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import { lastWriteWins } from '../conflict.js';
import { concatBytes, u64, utf8 } from '../conflict-key.js';
import { mergeMessageEvent } from '../events.js';
import { STORED_COLUMNS, rowMessage } from '../message-rows.js';
import type { Incoming, RuleReads, StoreSpec, StoredRow } from '../store-spec.js';
import { makeTsHash, tsHashTimestamp } from '../ts-hash.js';

// A leading kind byte keeps a compact state's key apart from the links it lists.
const LINK = Uint8Array.of(1);
const COMPACT_STATE = Uint8Array.of(2);

export function linkKey(type: string, targetFid: number): Uint8Array {
  return concatBytes(LINK, u64(targetFid), utf8(type));
}

export function compactStateKey(type: string): Uint8Array {
  return concatBytes(COMPACT_STATE, utf8(type));
}

function isCompactState(data: MessageData): boolean {
  return data.type === MessageType.LINK_COMPACT_STATE;
}

function linkTypeOf(data: MessageData): string {
  return data.linkBody?.type ?? data.linkCompactStateBody?.type ?? '';
}

/**
 * Links (node-api.md §5.2): last write wins per (type, target fid), plus one LinkCompactState per type that
 * stands for the whole set of older links of that type: merging one silently drops older removes and older
 * adds of targets it does not list; afterwards an older add of an unlisted target conflicts and an older
 * remove would be pruned at once, so it is refused. Compact states count toward no limit and are never pruned
 * (limits.ts), and their MERGE_MESSAGE lists no deleted messages, as in the reference.
 */
export const linkStore: StoreSpec = {
  store: StoreType.LINKS,
  ordering: lastWriteWins,
  removeTypes: new Set([MessageType.LINK_REMOVE]),
  pruned: true,
  conflictKey: (data) =>
    isCompactState(data)
      ? compactStateKey(linkTypeOf(data))
      : linkKey(linkTypeOf(data), data.linkBody?.targetFid ?? 0),
  readColumns: (data) => ({
    link_type: utf8(linkTypeOf(data)),
    target_fid: data.linkBody?.targetFid ?? null,
  }),
  rules: (reads, incoming) =>
    isCompactState(incoming.data)
      ? supersededByCompactState(reads, incoming)
      : checkAgainstCompactState(reads, incoming),
  ruleKeys: (data) => (isCompactState(data) ? [] : [compactStateKey(linkTypeOf(data))]),
  describeConflict: (incoming) =>
    isCompactState(incoming.data) ? 'A newer Compact State message is already merged' : undefined,
  mergedEvent: (incoming, deleted) =>
    mergeMessageEvent(incoming.message, isCompactState(incoming.data) ? [] : deleted),
};

async function checkAgainstCompactState(
  reads: RuleReads,
  incoming: Incoming,
): Promise<HubResult<StoredRow[]>> {
  const { data } = incoming;
  const [compact] = await reads.rowsAtKey(data.fid, StoreType.LINKS, compactStateKey(linkTypeOf(data)));
  if (compact === undefined || data.timestamp >= tsHashTimestamp(compact.tsHash)) return ok([]);
  if (incoming.isRemove) {
    return fail(
      'bad_request.prunable',
      'Remove message earlier than the compact state message will be immediately pruned',
    );
  }
  const targetFid = data.linkBody?.targetFid ?? 0;
  const listed = rowMessage(compact).data?.linkCompactStateBody?.targetFids ?? [];
  return listed.includes(targetFid)
    ? ok([])
    : fail('bad_request.conflict', `Target fid ${targetFid} not in the compact state target fids`);
}

/** The older links of the type that a compact state replaces: every remove, and adds of unlisted targets. */
async function supersededByCompactState(
  reads: RuleReads,
  incoming: Incoming,
): Promise<HubResult<StoredRow[]>> {
  const { data } = incoming;
  const listed = new Set(data.linkCompactStateBody?.targetFids ?? []);
  const db = await reads.read();
  const older = await db
    .selectFrom('messages')
    .select(STORED_COLUMNS)
    .where('fid', '=', data.fid)
    .where('store', '=', StoreType.LINKS)
    .where('link_type', '=', utf8(linkTypeOf(data)))
    .where('type', 'in', [MessageType.LINK_ADD, MessageType.LINK_REMOVE])
    // Timestamps strictly before the compact state's: the smallest ts_hash of its second.
    .where('ts_hash', '<', makeTsHash(data.timestamp, new Uint8Array()))
    .execute();
  return ok(older.filter((row) => row.isRemove || !listed.has(row.targetFid ?? 0)));
}
