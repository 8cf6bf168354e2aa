import type { GetJson } from '../../shared/fetch/json-client.js';
import { eventIdOf, MalformedHubJson } from './hub-json.js';

/**
 * The node reads the indexer makes (docs/node.md): the event log, and for a backfill the fid list and each
 * fid's casts, verifications, user data and signers. Answers are checked only as far as paging
 * needs; the items go to hub-json.ts.
 */

/** Events per `/v1/events` page on the node (and on Hubble); a shorter page is the end of the log. */
export const NODE_EVENTS_PAGE_SIZE = 100;

/** The largest page the node's list reads serve. */
const READ_PAGE_SIZE = '1000';

export interface EventsPage {
  /** Raw HubEvent JSON, ids increasing, all at or after the requested id. */
  events: unknown[];
  /** The id after the last event, or the requested id when the page is empty. */
  next: number;
  full: boolean;
}

export async function readEvents(getJson: GetJson, fromId: number): Promise<EventsPage> {
  const body = await getJson('/v1/events', { from_event_id: String(fromId) });
  const list = (body as { events?: unknown }).events;
  if (!Array.isArray(list)) throw new MalformedHubJson('/v1/events answered without an events list');
  let next = fromId;
  for (const event of list) {
    const id = eventIdOf(event);
    if (id < next) throw new MalformedHubJson(`/v1/events from ${fromId} answered event ${id} out of order`);
    next = id + 1;
  }
  return { events: list, next, full: list.length >= NODE_EVENTS_PAGE_SIZE };
}

/** The oldest event the node still keeps, or undefined when its log is empty. */
export async function oldestEventId(getJson: GetJson): Promise<number | undefined> {
  const first = (await readEvents(getJson, 0)).events[0];
  return first === undefined ? undefined : eventIdOf(first);
}

/** A first probe past a full page: about one second of ids (decision 0004: ms << 12). */
const FIRST_STEP = 4096 * 1000;

/**
 * The id of the newest event, or undefined when the log is empty. The node has no read for it, so it is
 * searched for with `/v1/events` (a page from an id is empty exactly when no event is at or after it):
 * gallop forward from the oldest page until a probe is empty, then bisect until a page is not full, whose
 * last event is the newest. Ids have gaps, so the search works on ids, not counts: about 2·log2 of the
 * retained id range, some 100 small requests for three days of mainnet.
 */
export async function latestEventId(getJson: GetJson): Promise<number | undefined> {
  let low = await readEvents(getJson, 0);
  if (low.events.length === 0) return undefined;
  let empty: number | undefined;
  let step = FIRST_STEP;
  while (low.full && (empty === undefined || empty > low.next)) {
    const from = empty === undefined ? low.next - 1 + step : Math.floor((low.next + empty) / 2);
    step *= 2;
    const probe = await readEvents(getJson, from);
    if (probe.events.length === 0) empty = from;
    else low = probe;
  }
  return low.next - 1;
}

export interface FidsPage {
  fids: number[];
  /** Absent on the last page. */
  nextPageToken?: string;
}

export async function readFids(getJson: GetJson, pageToken: string): Promise<FidsPage> {
  const body = (await getJson('/v1/fids', { pageSize: READ_PAGE_SIZE, pageToken })) as {
    fids?: unknown;
    nextPageToken?: unknown;
  };
  const fids = body.fids;
  if (!Array.isArray(fids) || !fids.every((fid) => Number.isSafeInteger(fid) && fid > 0)) {
    throw new MalformedHubJson('/v1/fids answered without a list of fids');
  }
  const token = body.nextPageToken;
  return typeof token === 'string' && token !== ''
    ? { fids: fids as number[], nextPageToken: token }
    : { fids: fids as number[] };
}

/** What the node lists for one fid: message JSON for the first three, signer records (on chain and gasless). */
export interface FidSnapshot {
  casts: unknown[];
  verifications: unknown[];
  userData: unknown[];
  signers: unknown[];
}

export async function readFidSnapshot(getJson: GetJson, fid: number): Promise<FidSnapshot> {
  return {
    casts: await readAll(getJson, '/v1/castsByFid', fid, 'messages'),
    verifications: await readAll(getJson, '/v1/verificationsByFid', fid, 'messages'),
    userData: await readAll(getJson, '/v1/userDataByFid', fid, 'messages'),
    signers: await readAll(getJson, '/v1/signersByFid', fid, 'signers'),
  };
}

/** Every page of a fid's list; message pages end with `nextPageToken: ""`, signer pages without one. */
async function readAll(getJson: GetJson, path: string, fid: number, key: string): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let pageToken = '';
  for (;;) {
    const body = (await getJson(path, { fid: String(fid), pageSize: READ_PAGE_SIZE, pageToken })) as Record<
      string,
      unknown
    >;
    const page = body[key];
    if (!Array.isArray(page)) throw new MalformedHubJson(`${path} answered without ${key}`);
    items.push(...(page as unknown[]));
    const next = body.nextPageToken;
    if (typeof next !== 'string' || next === '') return items;
    if (seen.has(next)) throw new MalformedHubJson(`${path} repeated the page token ${next}`);
    seen.add(next);
    pageToken = next;
  }
}
