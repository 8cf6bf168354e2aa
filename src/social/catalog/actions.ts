import type { Clock } from '../../shared/clock.js';
import { unixSeconds } from '../../shared/clock.js';
import { SocialError } from '../errors.js';
import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';
import { keysetPage, type KeysetOrder } from '../keyset.js';
import type { ActionKind, ActionsTable } from './tables.js';

/**
 * Discoverable cast and composer actions (spec §2.10). The operator keeps the catalogue, each action's
 * total users and the curated `featured` order of composer actions; clients list them.
 */

/** An action as served: exactly the fields of spec §2.10, imageUrl for composer actions only. */
export interface Action {
  name: string;
  icon: string;
  description: string;
  aboutUrl: string;
  imageUrl?: string;
  actionUrl: string;
  action: { actionType: 'post'; postUrl: string };
}

/** What the operator sets; `id` is their handle for later edits and is never served. */
export interface ActionRecord {
  id: string;
  kind: ActionKind;
  name: string;
  icon: string;
  description: string;
  aboutUrl: string;
  actionUrl: string;
  postUrl: string;
  imageUrl: string | null;
  totalUsers: number;
  featuredRank: number | null;
}

export type ActionInput = Omit<ActionRecord, 'imageUrl' | 'totalUsers' | 'featuredRank'> &
  Partial<Pick<ActionRecord, 'imageUrl' | 'totalUsers' | 'featuredRank'>>;

/** Every field but `id` and `kind` may change; an absent field stays as it is. */
export type ActionChanges = { id: string } & Partial<Omit<ActionRecord, 'id' | 'kind'>>;

export type ActionList = 'top' | 'featured';

const ORDERS: Record<ActionList, KeysetOrder> = {
  top: { columns: ['total_users', 'id'], direction: 'desc', tiebreaker: 'text' },
  featured: { columns: ['featured_rank', 'id'], direction: 'asc', tiebreaker: 'text' },
};

export async function createAction(db: SocialDb, clock: Clock, input: ActionInput): Promise<void> {
  const record: ActionRecord = {
    ...input,
    imageUrl: input.imageUrl ?? null,
    totalUsers: input.totalUsers ?? 0,
    featuredRank: input.featuredRank ?? null,
  };
  checkKindFields(record);
  const inserted = await db
    .insertInto('actions')
    .values({ ...columnsOf(record), id: record.id, kind: record.kind, created_at: unixSeconds(clock) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) {
    throw new SocialError('ACTION_EXISTS', { message: `An action with id ${record.id} already exists` });
  }
}

/**
 * Checks the action as it would be after the changes (the kind never changes, so reading it first is safe),
 * then applies them; the update's row count catches an action deleted in between.
 */
export async function editAction(db: SocialDb, changes: ActionChanges): Promise<void> {
  const current = await db.selectFrom('actions').selectAll().where('id', '=', changes.id).executeTakeFirst();
  if (current === undefined) throw notFound(changes.id);
  const defined = Object.entries(changes).filter(([key, value]) => key !== 'id' && value !== undefined);
  if (defined.length === 0) return;
  checkKindFields({ ...recordOf(current), ...Object.fromEntries(defined) });
  const updated = await db
    .updateTable('actions')
    .set(columnsOf(changes))
    .where('id', '=', changes.id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound(changes.id);
}

/** Deleting an absent action succeeds. */
export async function deleteAction(db: SocialDb, id: string): Promise<void> {
  await db.deleteFrom('actions').where('id', '=', id).execute();
}

/** One kind's actions by total users, or the curated featured ones (composer actions). */
export async function listActions(
  db: SocialDb,
  kind: ActionKind,
  list: ActionList,
  request: PageRequest,
): Promise<Page<Action>> {
  let query = db.selectFrom('actions').selectAll().where('kind', '=', kind);
  if (list === 'featured') query = query.where('featured_rank', 'is not', null);
  const order = ORDERS[list];
  const rows = await keysetPage(query, order, request).execute();
  return pageOf(
    rows,
    request,
    (row) => [list === 'top' ? row.total_users : (row.featured_rank ?? 0), row.id],
    servedOf,
  );
}

/** Every action with the operator's fields, by id (the catalogue is small). */
export async function allActions(db: SocialDb): Promise<ActionRecord[]> {
  const rows = await db.selectFrom('actions').selectAll().orderBy('id').execute();
  return rows.map(recordOf);
}

function servedOf(row: ActionsTable): Action {
  return {
    name: row.name,
    icon: row.icon,
    description: row.description,
    aboutUrl: row.about_url,
    ...(row.kind === 'composer' && row.image_url !== null && { imageUrl: row.image_url }),
    actionUrl: row.action_url,
    action: { actionType: 'post', postUrl: row.post_url },
  };
}

function recordOf(row: ActionsTable): ActionRecord {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    icon: row.icon,
    description: row.description,
    aboutUrl: row.about_url,
    actionUrl: row.action_url,
    postUrl: row.post_url,
    imageUrl: row.image_url,
    totalUsers: row.total_users,
    featuredRank: row.featured_rank,
  };
}

/**
 * The editable columns of `fields`, typed after them (so a full record gives a full row); Kysely leaves
 * out the undefined ones, which are the absent changes of an edit.
 */
function columnsOf<F extends Partial<ActionRecord>>(fields: F) {
  return {
    name: fields.name as F['name'],
    icon: fields.icon as F['icon'],
    description: fields.description as F['description'],
    about_url: fields.aboutUrl as F['aboutUrl'],
    action_url: fields.actionUrl as F['actionUrl'],
    post_url: fields.postUrl as F['postUrl'],
    image_url: fields.imageUrl as F['imageUrl'],
    total_users: fields.totalUsers as F['totalUsers'],
    featured_rank: fields.featuredRank as F['featuredRank'],
  };
}

/** Composer actions have a logo and may be featured; cast actions have neither. */
function checkKindFields(action: ActionRecord): void {
  if (action.kind === 'composer' && action.imageUrl === null) {
    throw invalid('A composer action needs an imageUrl');
  }
  if (action.kind === 'cast' && action.imageUrl !== null)
    throw invalid('Only composer actions have an imageUrl');
  if (action.kind === 'cast' && action.featuredRank !== null)
    throw invalid('Only composer actions can be featured');
}

function invalid(message: string): SocialError {
  return new SocialError('INVALID_REQUEST', { message });
}

function notFound(id: string): SocialError {
  return new SocialError('ACTION_NOT_FOUND', { message: `Action ${id} does not exist` });
}
