/**
 * The hostile inputs of the fuzz tests (see fuzz.ts): a seeded PRNG, edge values, and mutators for JSON
 * values, raw bodies, media types, query strings and protobuf bytes.
 */

/** sfc32 seeded through splitmix32: small, fast, and the same sequence on every platform. */
export class Rng {
  private state: [number, number, number, number];

  constructor(readonly seed: number) {
    let s = seed >>> 0;
    const splitmix = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.state = [splitmix(), splitmix(), splitmix(), splitmix()];
  }

  /** A float in [0, 1). */
  next(): number {
    let [a, b, c, d] = this.state;
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    this.state = [a, b, c, d];
    return t / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  bytes(n: number): Uint8Array {
    const bytes = new Uint8Array(n);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i + 4 <= n; i += 4) view.setUint32(i, this.int(2 ** 32));
    for (let i = n - (n % 4); i < n; i++) bytes[i] = this.int(256);
    return bytes;
  }

  /** Runs one of the weighted choices. */
  weighted<T>(choices: readonly (readonly [number, () => T])[]): T {
    let roll = this.next() * choices.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, choose] of choices) {
      roll -= weight;
      if (roll < 0) return choose();
    }
    return (choices.at(-1) as readonly [number, () => T])[1]();
  }
}

// ---- Hostile values ----

export const HOSTILE_NUMBERS: readonly number[] = [
  1e308,
  -1e308,
  2 ** 64,
  -(2 ** 63),
  2 ** 53,
  2 ** 53 + 2,
  2 ** 32,
  2 ** 31,
  -1,
  0,
  -0,
  0.5,
  1.5,
  1e-300,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** Unicode edge cases: NUL, lone surrogates, direction overrides, invisible marks, clusters, look-alikes. */
export const UNICODE_TEXTS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00\uD800y',
  '\u202Egnp.exe',
  '\u200B',
  '\uFEFF',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  `e${'\u0301'.repeat(64)}`,
  'Ω',
  'ﬁ',
  'İ',
  '\r\n\t\v\f',
  'ａｄｍｉｎ',
  '١٢٣',
  '１２',
];

/** Numbers as text, unicode edge cases, injection classics and near-misses of the formats the APIs take. */
export const HOSTILE_TEXTS: readonly string[] = [
  ...UNICODE_TEXTS,
  ...['', ' ', 'NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x10', '1e3', '007', ' 1', '1 ', '+1'],
  ...['1_000', '18446744073709551616', '9007199254740993', '%00', '%zz', '%', '../../etc/passwd'],
  ...["' OR '1'='1", '"; drop table channels; --', '<script>alert(1)</script>', '${7*7}{{7*7}}'],
  ...['__proto__', 'constructor', 'toString', '\\', '"', 'null', 'true', '[]', '{}', 'javascript:alert(1)'],
  ...['data:text/html,x', 'http://', 'https://\u0000', '0x', `0x${'f'.repeat(41)}`, `0X${'A'.repeat(40)}`],
  `0x${'0'.repeat(40)}`,
];

export function longText(r: Rng): string {
  return r.pick(['a', '𝕏', '\u0301', '%', '0', ' ']).repeat(r.pick([257, 1025, 4097, 65_537]));
}

/** A value of any JSON type, chosen to break parsers, validators, databases and renderers. */
export function hostileValue(r: Rng, depth = 0): unknown {
  return r.weighted<unknown>([
    [30, () => r.pick(HOSTILE_NUMBERS)],
    [35, () => r.pick(HOSTILE_TEXTS)],
    [4, () => longText(r)],
    [5, () => r.pick([null, true, false])],
    [3, () => deeplyNested(r.pick([64, 500, 1000]), r.chance(0.5))],
    [2, () => Array.from({ length: r.pick([1000, 10_000]) }, (_, i) => i)],
    [depth < 2 ? 11 : 0, () => Array.from({ length: r.int(4) }, () => hostileValue(r, depth + 1))],
    [depth < 2 ? 10 : 0, () => hostileObject(r, depth + 1)],
  ]);
}

function hostileObject(r: Rng, depth: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = r.int(4); i > 0; i--) {
    setOwn(
      object,
      r.pick(['__proto__', 'constructor', '', '\u0000', 'a', 'fid', 'x'.repeat(300)]),
      hostileValue(r, depth),
    );
  }
  return object;
}

function deeplyNested(depth: number, arrays: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

/** Sets an own property, even `__proto__` (plain assignment would change the prototype instead). */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

type Container = Record<string, unknown> | unknown[];

function containersOf(value: unknown, found: Container[] = [], depth = 0): Container[] {
  if (typeof value !== 'object' || value === null || depth > 6 || found.length > 64) return found;
  // Only the value's own arrays and plain objects: never a prototype reached through `__proto__`.
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return found;
  found.push(value as Container);
  for (const child of Object.values(value)) containersOf(child, found, depth + 1);
  return found;
}

/** The value with one to three fields replaced, retyped, removed or added (the input is not changed). */
export function mutateJson(r: Rng, input: unknown): unknown {
  if (r.chance(0.08)) return hostileValue(r);
  const value = structuredClone(input);
  for (let n = 1 + r.int(3); n > 0; n--) {
    const containers = containersOf(value);
    if (containers.length === 0) return hostileValue(r);
    const container = r.pick(containers);
    const keys = Object.keys(container);
    const key = keys.length > 0 && r.chance(0.8) ? r.pick(keys) : r.pick(['extra', '__proto__', 'fid', '']);
    const current = Object.hasOwn(container, key) ? (container as Record<string, unknown>)[key] : undefined;
    const replacement = r.weighted<unknown>([
      [45, () => hostileValue(r)],
      [20, () => retyped(r, current)],
      [10, () => undefined],
      [5, () => [current]],
    ]);
    if (Array.isArray(container)) {
      if (replacement === undefined) container.splice(Number(key) || 0, 1);
      else container[Number(key) || container.length] = replacement;
    } else if (replacement === undefined) {
      delete container[key];
    } else {
      setOwn(container, key, replacement);
    }
  }
  return value;
}

/** The same content in another JSON type: what a careless client or a type confusion sends. */
function retyped(r: Rng, value: unknown): unknown {
  if (typeof value === 'number') return r.pick([String(value), [value], { value }, value !== 0, null]);
  if (typeof value === 'string')
    return r.pick([Number(value), Number.parseInt(value, 16), [value], null, value.length]);
  if (typeof value === 'boolean') return r.pick([String(value), Number(value), null]);
  return r.pick([JSON.stringify(value) ?? 'null', 0, '', null]);
}

// ---- Raw bodies, media types and query strings ----

const TEXT_ENCODER = new TextEncoder();

/** The JSON text of `value`, sometimes broken below the JSON level (bytes, literals, nesting, keys). */
export function rawJsonBody(r: Rng, value: unknown): string | Buffer {
  const text = JSON.stringify(value) ?? 'null';
  const bytes = Buffer.from(TEXT_ENCODER.encode(text));
  return r.weighted<string | Buffer>([
    [55, () => text],
    [6, () => text.slice(0, r.int(text.length))],
    [6, () => Buffer.from(mutateBytes(r, bytes))],
    [
      5,
      () =>
        spliceBytes(
          bytes,
          r.int(bytes.length + 1),
          r.pick([[0xc0, 0x80], [0xff], [0xed, 0xa0, 0x80], [0xe0, 0xa4]]),
        ),
    ],
    [
      5,
      () =>
        text.replace(
          /-?\d+(\.\d+)?(e[+-]?\d+)?/i,
          r.pick(['1e400', '-1e400', '123456789012345678901234567890', '1E+309', '-0.0']),
        ),
    ],
    [
      3,
      () => {
        const n = r.pick([1000, 20_000, 100_000]);
        return `${'['.repeat(n)}${']'.repeat(n)}`;
      },
    ],
    [3, () => `${'{"a":'.repeat(r.pick([1000, 20_000]))}1${'}'.repeat(1000)}`],
    [5, () => (text.startsWith('{') ? `{${duplicateKey(r, value)},${text.slice(1)}` : text)],
    [
      4,
      () =>
        r.pick(['{"__proto__":{"admin":true},', '{"constructor":{"prototype":{"admin":true}},']) +
        (text.startsWith('{"') ? text.slice(1) : '"x":1}'),
    ],
    [
      4,
      () => r.pick([`${text},`, `${text} x`, `\uFEFF${text}`, `${text}\u0000`, `/*x*/${text}`, `${text}//`]),
    ],
    [3, () => r.pick(['', ' ', '1', '"x"', 'null', '[]', 'true', '{', '}', '{"a":}'])],
  ]);
}

function duplicateKey(r: Rng, value: unknown): string {
  const keys = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  return `${JSON.stringify(keys.length > 0 ? r.pick(keys) : 'a')}:${JSON.stringify(r.pick(HOSTILE_TEXTS))}`;
}

function spliceBytes(bytes: Uint8Array, at: number, inserted: readonly number[]): Buffer {
  return Buffer.concat([bytes.subarray(0, at), Uint8Array.from(inserted), bytes.subarray(at)]);
}

/** Media types a JSON endpoint should refuse or read carefully (all valid header values). */
export const OTHER_CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  '',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/octet-stream',
  '*/*',
  'application/json;;;',
  `application/json; x=${'y'.repeat(2000)}`,
];

/** A JSON body just over `limit` bytes. */
export function oversizeBody(r: Rng, limit: number): string {
  return JSON.stringify({ padding: 'x'.repeat(limit + 1 + r.int(4096)) });
}

/** Percent-encodes any string, lone surrogates included (as the WTF-8 bytes a sloppy client would send). */
function encodeLoosely(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    if (pair >= 0xdc00 && pair < 0xe000) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit < 0xe000) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i] as string);
    }
  }
  return out;
}

export interface QueryParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** Values a test knows to exist (fids, hashes, ids), by parameter or field name. */
export type Dictionary = Readonly<Record<string, readonly unknown[]>>;

/** A query string for `params`: mostly plausible values, then one to three hostile changes. */
export function fuzzQuery(r: Rng, params: readonly QueryParam[], dictionary: Dictionary): string {
  const pairs: [string, string][] = [];
  for (const param of params) {
    if (param.required || r.chance(0.5))
      pairs.push([
        encodeLoosely(param.name),
        encodeLoosely(String(sample(r, param.schema, dictionary, param.name))),
      ]);
  }
  const name = () =>
    pairs.length > 0 && r.chance(0.7) ? r.pick(pairs)[0] : params.length > 0 ? r.pick(params).name : 'x';
  for (let n = r.int(4); n > 0; n--) {
    r.weighted<void>([
      [
        40,
        () =>
          void pairs.push([
            name(),
            encodeLoosely(String(r.chance(0.3) ? r.pick(HOSTILE_NUMBERS) : r.pick(HOSTILE_TEXTS))),
          ]),
      ],
      [
        15,
        () =>
          void pairs.push([
            name(),
            r.pick(['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%00', '+', '%2B', '%26', '=', '%FF%FE']),
          ]),
      ],
      [10, () => void pairs.splice(r.int(pairs.length), 1)],
      [8, () => void pairs.push([`${name()}${r.pick(['[]', '[0]', '[a]', '.a', '%5B%5D'])}`, '1'])],
      [
        8,
        () =>
          void pairs.push([
            r.pick(['__proto__', 'constructor', 'constructor[prototype][x]', 'hasOwnProperty', '', '%00']),
            '1',
          ]),
      ],
      [
        6,
        () =>
          void pairs.push([
            name(),
            longText(r)
              .slice(0, 8192)
              .replace(/[^a-z0-9]/g, 'a'),
          ]),
      ],
      [5, () => void pairs.push([name(), ''])],
      [
        3,
        () => {
          for (let i = 0; i < 500; i++) pairs.push([`p${i}`, '1']);
        },
      ],
    ]);
  }
  return pairs
    .map(([key, value]) => (r.chance(0.03) ? key : `${key}=${value}`))
    .join(r.chance(0.05) ? '&&' : '&');
}

// ---- Bytes (protobuf) ----

/** One to three byte-level changes: bit flips, edge bytes, cuts, inserts, copies, varint and length abuse. */
export function mutateBytes(r: Rng, input: Uint8Array, other?: Uint8Array): Uint8Array {
  let bytes: Uint8Array = Uint8Array.from(input);
  for (let n = 1 + r.int(3); n > 0; n--) {
    const at = r.int(bytes.length + 1);
    bytes = r.weighted<Uint8Array>([
      [
        25,
        () => {
          const copy = Uint8Array.from(bytes);
          if (copy.length > 0) copy[at % copy.length]! ^= 1 << r.int(8);
          return copy;
        },
      ],
      [
        12,
        () => {
          const copy = Uint8Array.from(bytes);
          if (copy.length > 0) copy[at % copy.length] = r.pick([0, 0xff, 0x7f, 0x80, 0x01]);
          return copy;
        },
      ],
      [12, () => bytes.subarray(0, at)],
      [8, () => Uint8Array.from([...bytes.subarray(0, at), ...bytes.subarray(at + 1 + r.int(16))])],
      [8, () => spliceBytes(bytes, at, [...r.bytes(1 + r.int(16))])],
      [6, () => spliceBytes(bytes, at, [...bytes.subarray(at, at + 1 + r.int(32))])],
      [6, () => spliceBytes(bytes, at, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])],
      [6, () => spliceBytes(bytes, at, [r.pick([0x0a, 0x12, 0x22, 0x2a]), 0xff, 0xff, 0xff, 0xff, 0x0f])],
      [6, () => Buffer.concat([bytes, Uint8Array.from([0x7a, 4, 1, 2, 3, 4])])],
      [
        5,
        () =>
          other === undefined
            ? bytes
            : Buffer.concat([bytes.subarray(0, at), other.subarray(r.int(other.length))]),
      ],
      [3, () => Buffer.concat([bytes, bytes])],
      [3, () => r.bytes(r.int(256))],
    ]);
  }
  return bytes;
}

// ---- Schemas ----

// OpenAPI schemas are read loosely: only the keywords the generator uses.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonSchema = any;

/** A plausible value for `schema`, preferring values the test knows to exist. */
export function sample(r: Rng, schema: JsonSchema, dictionary: Dictionary, name?: string): unknown {
  const known = name === undefined ? undefined : dictionary[name];
  if (known !== undefined && known.length > 0 && r.chance(0.8)) return r.pick(known);
  if (schema === undefined || schema === null) return 'x';
  if (Array.isArray(schema.anyOf)) return sample(r, r.pick(schema.anyOf), dictionary, name);
  if (Array.isArray(schema.enum)) return r.pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const low = typeof schema.minimum === 'number' ? schema.minimum : 0;
      return low + r.int(r.chance(0.8) ? 10 : 100_000);
    }
    case 'boolean':
      return r.chance(0.5);
    case 'array':
      return Array.from({ length: r.int(4) }, () => sample(r, schema.items, dictionary));
    case 'object': {
      const object: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, property] of Object.entries<JsonSchema>(schema.properties ?? {})) {
        if (required.has(key) || r.chance(0.5)) object[key] = sample(r, property, dictionary, key);
      }
      return object;
    }
    default:
      return stringFor(r, schema);
  }
}

function stringFor(r: Rng, schema: JsonSchema): string {
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  const hex = (bytes: number) => `0x${Buffer.from(r.bytes(bytes)).toString('hex')}`;
  if (pattern.includes('https?')) return `https://example.com/${r.int(1000)}`;
  if (pattern.includes('{40}')) return hex(20);
  if (pattern.includes('{64}')) return hex(32);
  if (pattern.startsWith('^0x')) return hex(65);
  const text = `fuzz${r.int(1000)}`;
  return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
}
