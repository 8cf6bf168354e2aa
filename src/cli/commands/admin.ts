import { readFile } from 'node:fs/promises';
import { AdminOptions, type AdminConfig } from '../../shared/config/commands.js';
import { kebabCase } from '../../shared/config/option.js';
import type { CliIo } from '../io.js';
import { ADMIN_ACTIONS, bodyOf, type AdminAction } from './admin-actions.js';

/** A whole admin call: one small JSON request and answer. */
const TIMEOUT_MS = 30_000;

/** The flags that belong to one call or another (not the connection flags). */
const CALL_FLAGS = (Object.keys(AdminOptions.properties) as (keyof AdminConfig)[]).filter(
  (flag) => flag !== 'socialUrl' && flag !== 'adminToken',
);

/** A call the command line got wrong: exit code 2 with one line. */
class UsageError extends Error {}

/**
 * `agora admin <resource> <verb> [flags]`: one call of the social API's /admin/ endpoints. Prints the
 * answer's `result` as JSON; exit 0 on success, 1 when the service refuses or cannot be reached, 2 for
 * a wrong command line.
 */
export async function runAdmin(
  config: AdminConfig,
  io: CliIo,
  args: readonly string[],
  doFetch: typeof fetch = fetch,
): Promise<number> {
  let request: { action: AdminAction; body: Record<string, unknown> | undefined; token: string };
  try {
    request = await requestOf(config, args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`agora admin: ${error.message}`);
    return 2;
  }
  const { action, body, token } = request;
  const url = new URL(action.path, config.socialUrl);
  const response = await doFetch(url, {
    method: action.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => undefined)) as
    { result?: unknown; errors?: { message?: string }[] } | undefined;
  if (!response.ok) {
    const message = answer?.errors?.[0]?.message ?? response.statusText;
    io.err(`agora admin: ${action.method} ${url.pathname} answered HTTP ${response.status}: ${message}`);
    return 1;
  }
  io.out(JSON.stringify(answer?.result ?? null, null, 2));
  return 0;
}

async function requestOf(config: AdminConfig, args: readonly string[]) {
  const name = args.slice(0, 2).join(' ');
  const action = ADMIN_ACTIONS[name];
  if (action === undefined || args.length !== 2) {
    const calls = Object.entries(ADMIN_ACTIONS).map(
      ([call, known]) => `  agora admin ${call} ${usageOf(known)}`,
    );
    const problem = args.length === 0 ? 'missing' : 'unknown';
    throw new UsageError(`${problem} call "${args.join(' ')}"; the calls are:\n${calls.join('\n')}`);
  }
  const token = config.adminToken;
  if (token === undefined) {
    throw new UsageError(
      "--admin-token (or AGORA_ADMIN_TOKEN) is required: the social service's admin token",
    );
  }
  const accepted = new Set<string>([
    ...action.required,
    ...(action.optional ?? []),
    ...(action.file ? ['file'] : []),
  ]);
  const stray = CALL_FLAGS.find((flag) => config[flag] !== undefined && !accepted.has(flag));
  if (stray !== undefined) throw new UsageError(`${name} does not take --${kebabCase(stray)}`);
  const missing = action.required.find((flag) => config[flag] === undefined);
  if (missing !== undefined) throw new UsageError(`${name} needs --${kebabCase(missing)}`);
  if (action.file === 'required' && config.file === undefined) throw new UsageError(`${name} needs --file`);
  const file = config.file === undefined ? undefined : await readJson(config.file);
  return { action, body: action.method === 'GET' ? undefined : bodyOf(action, config, file), token };
}

function usageOf(action: AdminAction): string {
  const flags = [
    ...action.required.map((flag) => `--${kebabCase(flag)} <${flag}>`),
    ...(action.file === 'required' ? ['--file <json>'] : []),
    ...(action.optional ?? []).map((flag) => `[--${kebabCase(flag)} <${flag}>]`),
    ...(action.file === 'optional' ? ['[--file <json>]'] : []),
  ];
  return flags.join(' ');
}

async function readJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read --file ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--file ${path} is not JSON`);
  }
  if (typeof value !== 'object' || value === null) {
    throw new UsageError(`--file ${path} must hold a JSON object (or, for rewards, an array of winners)`);
  }
  return value;
}
