import type { AdminConfig } from '../../shared/config/commands.js';

/**
 * The `agora admin <resource> <verb>` calls and the admin endpoint each one sends to. Flags that carry
 * data are named after the body fields they fill, so a call's body is its flags (over its --file).
 */

export type BodyFlag = Exclude<keyof AdminConfig, 'socialUrl' | 'adminToken' | 'file'>;

export interface AdminAction {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  required: readonly BodyFlag[];
  optional?: readonly BodyFlag[];
  /** --file holds a JSON object whose fields the flags complete (for rewards, or a bare winners array). */
  file?: 'required' | 'optional';
}

export const ADMIN_ACTIONS: Readonly<Record<string, AdminAction>> = {
  'verification add': {
    method: 'PUT',
    path: '/admin/account-verifications',
    required: ['fid', 'platform', 'platformId', 'platformUsername'],
  },
  'verification remove': {
    method: 'DELETE',
    path: '/admin/account-verifications',
    required: ['platform', 'platformId'],
  },
  'rewards publish': { method: 'POST', path: '/admin/rewards-periods', required: ['kind'], file: 'required' },
  'starter-pack create': {
    method: 'PUT',
    path: '/admin/starter-packs',
    required: ['id', 'name'],
    optional: ['description'],
  },
  'starter-pack delete': { method: 'DELETE', path: '/admin/starter-packs', required: ['id'] },
  'starter-pack add-member': { method: 'PUT', path: '/admin/starter-pack-members', required: ['id', 'fid'] },
  'starter-pack remove-member': {
    method: 'DELETE',
    path: '/admin/starter-pack-members',
    required: ['id', 'fid'],
  },
  'action list': { method: 'GET', path: '/admin/actions', required: [] },
  'action add': { method: 'POST', path: '/admin/actions', required: [], file: 'required' },
  'action edit': {
    method: 'PATCH',
    path: '/admin/actions',
    required: ['id'],
    optional: ['totalUsers', 'featuredRank'],
    file: 'optional',
  },
  'action remove': { method: 'DELETE', path: '/admin/actions', required: ['id'] },
};

/** The body of a call: the --file's content, then the flags (`--featured-rank 0` unfeatures: null). */
export function bodyOf(action: AdminAction, config: AdminConfig, file: unknown): Record<string, unknown> {
  const base = Array.isArray(file) ? { winners: file } : ((file ?? {}) as Record<string, unknown>);
  const flags = [...action.required, ...(action.optional ?? [])].filter((flag) => config[flag] !== undefined);
  const values = flags.map((flag) => [
    flag,
    flag === 'featuredRank' && config[flag] === 0 ? null : config[flag],
  ]);
  return { ...base, ...Object.fromEntries(values) };
}
