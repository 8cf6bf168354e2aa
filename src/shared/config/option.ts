import { Type, type SchemaOptions, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * A command's configuration is one TypeBox object schema. Each property is an option: its flag is the
 * kebab-case property name, its environment variables come from the `env` keyword (default
 * AGORA_<FLAG>), its default and description are the schema's own keywords.
 */
export interface OptionKeywords extends SchemaOptions {
  description: string;
  /** Environment variables read when the flag is absent; first one set wins. */
  env?: readonly string[];
  /** Placeholder shown in help, e.g. `<port>`. */
  placeholder?: string;
  /** What a valid value looks like, for error messages; derived from the schema when absent. */
  expected?: string;
  /** Never print the value (keys, tokens, passwords). */
  secret?: boolean;
  /** A URL printed as scheme and host only: RPC providers put their API key in the path. */
  printOriginOnly?: boolean;
}

export function kebabCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function envNamesFor(key: string, schema: TSchema): readonly string[] {
  const env = (schema as OptionKeywords).env;
  return env ?? [`AGORA_${kebabCase(key).toUpperCase().replaceAll('-', '_')}`];
}

// Option builders. They only fix the schema shape; parse.ts converts raw strings by schema type.
export const integer = (min: number, max: number, options: OptionKeywords) =>
  Type.Integer({ minimum: min, maximum: max, ...options });
export const port = (options: OptionKeywords) => integer(0, 65535, { placeholder: '<port>', ...options });
export const text = (options: OptionKeywords & { pattern?: string; minLength?: number }) =>
  Type.String(options);
export const flag = (options: OptionKeywords) => Type.Boolean({ default: false, ...options });
export const oneOf = <const T extends readonly string[]>(values: T, options: OptionKeywords) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { expected: `one of ${values.join(', ')}`, placeholder: `<${values.join('|')}>`, ...options },
  ) as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
export const list = (item: TSchema, options: OptionKeywords) =>
  Type.Array(item, { placeholder: '<a,b,...>', ...options });

export const httpUrl = (options: OptionKeywords) =>
  text({ pattern: '^https?://\\S+$', expected: 'an http(s) URL', placeholder: '<url>', ...options });
export const postgresUrl = (options: OptionKeywords) =>
  text({
    pattern: '^postgres(ql)?://\\S+$',
    expected: 'a postgres:// URL',
    placeholder: '<url>',
    secret: true,
    ...options,
  });
export const hexKey = (options: OptionKeywords) =>
  text({
    pattern: '^0x[0-9a-fA-F]{64}$',
    expected: 'a 0x-prefixed 32-byte hex private key',
    placeholder: '<0x...>',
    secret: true,
    ...options,
  });
export const logFormat = (byDefault: string) =>
  Type.Optional(
    oneOf(['pretty', 'json'] as const, {
      description: `Log lines as pretty text or JSON (when absent: ${byDefault})`,
      placeholder: '<pretty|json>',
    }),
  );
export const logLevel = () =>
  oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, {
    description: 'Log level',
    default: 'info',
    placeholder: '<level>',
  });
