import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { envNamesFor, kebabCase, type OptionKeywords } from './option.js';

/** A configuration problem; its message is one line that names the flag. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ParsedCommand<T> {
  config: Readonly<T>;
  help: boolean;
  positionals: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

interface Source {
  raw: string | boolean;
  /** `--flag`, or `--flag (from ENV_NAME)` when the value came from the environment. */
  label: string;
}

/**
 * Resolve a command's options: flags > environment > schema defaults, validated against the schema into a
 * deeply frozen object. Throws ConfigError with a one-line message naming the offending flag.
 */
export function parseCommand<S extends TObject>(
  command: string,
  schema: S,
  argv: readonly string[],
  env: Env = process.env,
): ParsedCommand<Static<S>> {
  const properties = Object.entries(schema.properties) as [string, TSchema][];
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(
          properties.map(([key, prop]) => [
            kebabCase(key),
            { type: prop.type === 'boolean' ? ('boolean' as const) : ('string' as const) },
          ]),
        ),
        ...Object.fromEntries(
          properties
            .filter(([, prop]) => isSecret(prop))
            .map(([key]) => [`${kebabCase(key)}-file`, { type: 'string' as const }]),
        ),
      },
    });
  } catch (error) {
    throw new ConfigError(`agora ${command}: ${argumentProblem(error)} (see agora ${command} --help)`);
  }
  const help = parsed.values.help === true;
  const config: Record<string, unknown> = {};
  if (!help) {
    for (const [key, prop] of properties) {
      const source = sourceOf(command, key, prop, parsed.values, env);
      if (source === undefined) {
        if (prop.default !== undefined) config[key] = structuredClone(prop.default);
        continue;
      }
      const value = convert(prop, source.raw);
      if (value === undefined || !Value.Check(prop, value)) {
        // A secret is never echoed, not even a wrong one: it may be a real key pasted in the wrong place.
        const got = isSecret(prop) ? 'the value is not shown' : `got ${JSON.stringify(source.raw)}`;
        throw new ConfigError(`agora ${command}: ${source.label} must be ${expectation(prop)} (${got})`);
      }
      config[key] = value;
    }
    const missing = (schema.required ?? []).find((key) => config[key] === undefined);
    if (missing !== undefined) {
      throw new ConfigError(`agora ${command}: --${kebabCase(missing)} is required`);
    }
  }
  return { config: deepFreeze(config) as Static<S>, help, positionals: parsed.positionals };
}

function argumentProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // node:util messages carry usage hints after the first sentence; keep only that sentence.
  const firstSentence = /^[^\n]*?\.(?=\s|$)/.exec(message)?.[0] ?? message.split('\n')[0] ?? message;
  return firstSentence.replace(/\.$/, '');
}

const isSecret = (prop: TSchema) => (prop as TSchema & OptionKeywords).secret === true;

/**
 * Where an option's value comes from: its flag, then (for a secret) `--<flag>-file`, then its environment
 * variables, then (for a secret) each `<VARIABLE>_FILE`, as container and service managers hand secrets
 * over. A secret's trailing newline (from a file or `echo`) is dropped.
 */
function sourceOf(
  command: string,
  key: string,
  prop: TSchema,
  flags: Record<string, string | boolean | (string | boolean)[] | undefined>,
  env: Env,
): Source | undefined {
  const flag = `--${kebabCase(key)}`;
  const secret = isSecret(prop);
  const found = (raw: string | boolean, label: string): Source => ({
    raw: secret && typeof raw === 'string' ? raw.replace(/\r?\n$/, '') : raw,
    label,
  });
  const fromFlag = flags[kebabCase(key)];
  if (fromFlag !== undefined && !Array.isArray(fromFlag)) return found(fromFlag, flag);
  const fromFile = flags[`${kebabCase(key)}-file`];
  if (secret && typeof fromFile === 'string')
    return found(readSecretFile(command, fromFile, `${flag}-file`), `${flag}-file`);
  for (const name of envNamesFor(key, prop)) {
    const value = env[name];
    if (value !== undefined && value !== '') return found(value, `${flag} (from ${name})`);
  }
  for (const name of secret ? envNamesFor(key, prop).map((name) => `${name}_FILE`) : []) {
    const file = env[name];
    if (file !== undefined && file !== '')
      return found(readSecretFile(command, file, name), `${flag} (from ${name})`);
  }
  return undefined;
}

function readSecretFile(command: string, path: string, label: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`agora ${command}: ${label}: cannot read ${path} (${code})`);
  }
}

const INTEGER = /^-?\d+$/;
const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function convert(prop: TSchema, raw: string | boolean): unknown {
  if (typeof raw === 'boolean') return raw;
  switch (prop.type) {
    case 'integer':
      return INTEGER.test(raw) ? Number(raw) : undefined;
    case 'boolean':
      return TRUE.has(raw.toLowerCase()) ? true : FALSE.has(raw.toLowerCase()) ? false : undefined;
    case 'array': {
      const items = raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      const itemSchema = (prop as TSchema & { items: TSchema }).items;
      const converted = items.map((item) => convert(itemSchema, item));
      return converted.includes(undefined) ? undefined : converted;
    }
    default:
      return raw;
  }
}

function expectation(prop: TSchema): string {
  const keywords = prop as TSchema & OptionKeywords;
  if (keywords.expected !== undefined) return keywords.expected;
  switch (prop.type) {
    case 'integer':
      return `an integer from ${String(prop.minimum)} to ${String(prop.maximum)}`;
    case 'boolean':
      return 'true or false';
    case 'array':
      return `a comma-separated list, each item ${expectation((prop as TSchema & { items: TSchema }).items)}`;
    default:
      return 'a valid value';
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
