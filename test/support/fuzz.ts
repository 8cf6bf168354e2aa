/**
 * Hostile-input fuzzing shared by test/fuzz-*.test.ts (small, in `npm test`) and bench/fuzz.ts (the same
 * files at a large size): the routes an app really serves, the runner, and the standard campaigns each
 * service's file registers. The inputs (PRNG, edge values, mutators) are in fuzz-inputs.ts; the error
 * shapes and the database fingerprint the runner judges by, in fuzz-oracles.ts.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import pino, { type Logger } from 'pino';
import type { Address, Hash } from 'viem';
import { testKey } from '../../src/names/testing.js';
import { contractDomain } from '../../src/protocol/eip712/index.js';
import type { HttpApp } from '../../src/shared/http/index.js';
import type { KeyChain } from '../../src/social/keys/chain.js';
import type { AddForCall } from '../../src/social/keys/relay.js';
import {
  fuzzQuery,
  OTHER_CONTENT_TYPES,
  oversizeBody,
  rawJsonBody,
  mutateJson,
  Rng,
  type Dictionary,
  type JsonSchema,
  type QueryParam,
} from './fuzz-inputs.js';
import { changedTables, type ErrorShape } from './fuzz-oracles.js';

export * from './fuzz-inputs.js';
export * from './fuzz-oracles.js';

// ---- Settings ----

export interface FuzzSettings {
  seed: number;
  /** Requests per campaign (each write or read campaign of a service, per dialect). */
  iterations: number;
  /** Log a progress line to stderr every 1000 requests (bench runs). */
  progress: boolean;
}

/** `AGORA_FUZZ_SEED`, `AGORA_FUZZ_ITERATIONS` and `AGORA_FUZZ_PROGRESS` override the file's defaults. */
export function fuzzSettings(defaults: { seed: number; iterations: number }): FuzzSettings {
  const integer = (name: string, fallback: number) => {
    const text = process.env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
    return value;
  };
  return {
    seed: integer('AGORA_FUZZ_SEED', defaults.seed),
    iterations: integer('AGORA_FUZZ_ITERATIONS', defaults.iterations),
    progress: process.env.AGORA_FUZZ_PROGRESS === '1',
  };
}

// ---- Routes ----

export interface Route {
  method: string;
  url: string;
  query: QueryParam[];
  /** The JSON body schema, when the route declares one. */
  body: JsonSchema | undefined;
  /** Error statuses the route documents as an HTML page (a page for browsers, not an API reply). */
  htmlErrors: number[];
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isWrite = (route: Route) => WRITE_METHODS.has(route.method);

/**
 * Every route the app serves, from Fastify's own route tree (so a new endpoint is fuzzed without touching
 * the tests), with query parameters and body schemas from its OpenAPI document where it lists them.
 */
export async function routesOf(app: HttpApp): Promise<Route[]> {
  const response = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
  assert.equal(response.statusCode, 200, 'the app serves its OpenAPI document');
  const paths = (response.json() as { paths: Record<string, Record<string, JsonSchema>> }).paths;
  const routes: Route[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] as string).length / 4;
    const url = (prefixes[depth - 1] ?? '') + (match[2] as string);
    prefixes[depth] = url;
    for (const method of (match[3] ?? '')
      .split(', ')
      .filter((m) => m !== '' && m !== 'HEAD' && m !== 'OPTIONS')) {
      if (url.includes('*')) continue;
      const operation = paths[url]?.[method.toLowerCase()];
      const query = ((operation?.parameters ?? []) as JsonSchema[])
        .filter((param) => param.in === 'query')
        .map((param) => ({
          name: String(param.name),
          required: param.required === true,
          schema: param.schema,
        }));
      const htmlErrors = Object.entries<JsonSchema>(operation?.responses ?? {})
        .filter(([status, reply]) => Number(status) >= 400 && reply?.content?.['text/html'] !== undefined)
        .map(([status]) => Number(status));
      const body = operation?.requestBody?.content?.['application/json']?.schema;
      routes.push({ method, url, query, body, htmlErrors });
    }
  }
  return routes;
}

/** A request to a JSON write route: `base` (a plausible body) as is, mutated, broken as text, mistyped or too big. */
export function jsonWrite(
  r: Rng,
  route: Route,
  base: unknown,
  options: { headers: Record<string, string>; bodyLimit: number },
): FuzzRequest {
  const { method, url } = route;
  const headers = { ...options.headers, 'content-type': 'application/json' };
  return r.weighted<FuzzRequest>([
    [15, () => ({ method, url, headers, payload: JSON.stringify(base), note: 'plausible' })],
    [
      75,
      () => ({
        method,
        url,
        headers,
        payload: rawJsonBody(r, r.chance(0.8) ? mutateJson(r, base) : base),
        note: 'mutated',
      }),
    ],
    [
      7,
      () => {
        const type = r.pick(OTHER_CONTENT_TYPES);
        const { 'content-type': _json, ...rest } = headers;
        return {
          method,
          url,
          headers: type === undefined ? rest : { ...rest, 'content-type': type },
          payload: JSON.stringify(base),
          note: `content-type ${String(type)}`,
        };
      },
    ],
    [3, () => ({ method, url, headers, payload: oversizeBody(r, options.bodyLimit), note: 'oversize' })],
  ]);
}

// ---- The runner ----

export interface FuzzRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | Uint8Array;
  /** What the generator did, shown with a problem. */
  note: string;
}

export interface FuzzTarget {
  name: string;
  app: HttpApp;
  shape: ErrorShape;
  /** The error the service logged for the last 5xx (see serverErrors). */
  lastServerError?: () => string | undefined;
  /** The app's routes: those that document an HTML error page are not held to the JSON error shape. */
  routes: readonly Route[];
  fingerprint(): Promise<Map<string, string>>;
}

/** The fuzz target of a service's app: its routes read from the app, the rest as given. */
export async function fuzzTarget(target: Omit<FuzzTarget, 'routes'>): Promise<FuzzTarget> {
  return { ...target, routes: await routesOf(target.app) };
}

/** A logger for a service under test that keeps the message of the last error it logged (level >= error). */
export function serverErrors(): { logger: Logger; last(): string | undefined } {
  let last: string | undefined;
  const write = (line: string) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      last = entry.err?.message ?? entry.msg;
    } catch {
      last = line;
    }
  };
  const logger = pino({ level: 'error' }, { write });
  return {
    logger,
    last: () => {
      const message = last;
      last = undefined;
      return message;
    },
  };
}

export interface FuzzReport {
  sent: number;
  /** Requests answered 2xx. */
  accepted: number;
  statuses: Map<number, number>;
  /** Requests per `METHOD path`. */
  routes: Map<string, number>;
  problems: string[];
}

const REPLY_TIMEOUT_MS = 15_000;
const HEALTH_EVERY = 50;
const PROBLEMS_PER_KIND = 3;

/**
 * Sends `count` generated requests one after another. A problem is a 500 (or any 5xx but 503), a reply that
 * is not JSON in the service's error shape, a rejected request that changed the database, a reply that
 * never comes, or a failing /_health (checked every 50 requests and at the end).
 */
export async function runFuzz(
  target: FuzzTarget,
  count: number,
  next: (i: number) => FuzzRequest,
  options: { progress?: boolean; offset?: number } = {},
): Promise<FuzzReport> {
  const offset = options.offset ?? 0;
  const report: FuzzReport = {
    sent: 0,
    accepted: 0,
    statuses: new Map(),
    routes: new Map(),
    problems: [],
  };
  const kinds = new Map<string, number>();
  const problem = (kind: string, text: string) => {
    const seen = (kinds.get(kind) ?? 0) + 1;
    kinds.set(kind, seen);
    if (seen <= PROBLEMS_PER_KIND) report.problems.push(text);
  };
  const health = async (i: number) => {
    const response = await target.app.inject({ method: 'GET', url: '/_health' });
    if (response.statusCode !== 200)
      problem('health', `/_health answered ${response.statusCode} after request #${i}: ${response.body}`);
  };
  const prototypeKeys = pollutedPrototypes();
  const htmlPages = new Set(
    target.routes.flatMap((r) => r.htmlErrors.map((status) => `${r.method} ${r.url} ${status}`)),
  );
  let state = await target.fingerprint();
  const started = performance.now();
  for (let i = offset; i < offset + count; i++) {
    const request = next(i);
    const path = request.url.split('?', 1)[0] as string;
    const route = `${request.method} ${path}`;
    report.routes.set(route, (report.routes.get(route) ?? 0) + 1);
    const where = `#${i} ${request.method} ${excerpt(request.url)} [${request.note}] body ${excerpt(request.payload)}`;
    let timer: NodeJS.Timeout | undefined;
    const reply = await Promise.race([
      target.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers ?? {},
        ...(request.payload !== undefined && { payload: Buffer.from(request.payload) }),
      }),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), REPLY_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    report.sent += 1;
    if (reply === undefined) {
      problem(`timeout ${route}`, `${where}: no reply within ${REPLY_TIMEOUT_MS} ms`);
      continue;
    }
    const polluted = pollutedPrototypes(prototypeKeys);
    if (polluted !== undefined) problem('prototype', `${where}: ${polluted}`);
    const status = reply.statusCode;
    report.statuses.set(status, (report.statuses.get(status) ?? 0) + 1);
    const after = await target.fingerprint();
    if (status < 400) {
      report.accepted += 1;
    } else {
      const answer = `${where} -> ${status} ${excerpt(reply.body)}`;
      if (status >= 500) {
        const cause = target.lastServerError?.();
        const text = `${answer}: server fault${cause === undefined ? '' : ` (logged: ${cause})`}`;
        if (status !== 503) problem(`${status} ${route}`, text);
      }
      const page =
        htmlPages.has(`${route} ${status}`) && String(reply.headers['content-type']).startsWith('text/html');
      let body: unknown;
      try {
        if (!page) body = JSON.parse(reply.body);
      } catch {
        problem(`json ${route}`, `${answer}: the error body is not JSON`);
      }
      const shape = body === undefined ? undefined : target.shape(status, body);
      if (shape !== undefined)
        problem(`shape ${route} ${shape}`, `${answer}: not the ${target.name} error shape (${shape})`);
      const changed = changedTables(state, after);
      if (changed.length > 0)
        problem(`changed ${route}`, `${answer}: rejected, yet changed ${changed.join(', ')}`);
    }
    state = after;
    if ((i + 1) % HEALTH_EVERY === 0) await health(i);
    if (options.progress === true && (i + 1) % 1000 === 0) {
      const rate = ((i + 1 - offset) / ((performance.now() - started) / 1000)).toFixed(0);
      console.error(
        `[fuzz ${target.name}] ${i + 1} requests, ${rate}/s, ${report.problems.length} problems in this round`,
      );
    }
  }
  await health(offset + count);
  for (const [kind, seen] of kinds)
    if (seen > PROBLEMS_PER_KIND) report.problems.push(`(${seen - PROBLEMS_PER_KIND} more of: ${kind})`);
  return report;
}

/**
 * The own keys of the built-in prototypes (when called without a baseline), or a description of how they
 * differ from `baseline`: a request that reaches them has polluted every object of the process.
 */
function pollutedPrototypes(): string;
function pollutedPrototypes(baseline: string): string | undefined;
function pollutedPrototypes(baseline?: string): string | undefined {
  const keys = [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((prototype) => Reflect.ownKeys(prototype).map(String).sort().join(','))
    .join(' | ');
  if (baseline === undefined) return keys;
  return keys === baseline ? undefined : `a built-in prototype changed: ${keys}`;
}

/** A service on a fresh database, ready to be fuzzed. */
export interface Fixture {
  target: FuzzTarget;
  close(): Promise<void>;
}

/**
 * Requests per fixture: every fingerprint reads whole tables, so a large run starts again on a fresh
 * database this often to keep them small.
 */
export const ROUND_SIZE = 2000;

/** Runs `count` requests in rounds of ROUND_SIZE, each on a fixture of its own; one report for all. */
export async function runRounds<F extends Fixture>(
  open: () => Promise<F>,
  count: number,
  next: (fixture: F, i: number) => FuzzRequest,
  options: { progress?: boolean } = {},
): Promise<FuzzReport> {
  const total: FuzzReport = {
    sent: 0,
    accepted: 0,
    statuses: new Map(),
    routes: new Map(),
    problems: [],
  };
  let name = '';
  for (let offset = 0; offset < count; offset += ROUND_SIZE) {
    const fixture = await open();
    try {
      name = fixture.target.name;
      const size = Math.min(ROUND_SIZE, count - offset);
      const report = await runFuzz(fixture.target, size, (i) => next(fixture, i), { ...options, offset });
      total.sent += report.sent;
      total.accepted += report.accepted;
      for (const [status, n] of report.statuses)
        total.statuses.set(status, (total.statuses.get(status) ?? 0) + n);
      for (const [route, n] of report.routes) total.routes.set(route, (total.routes.get(route) ?? 0) + n);
      total.problems.push(...report.problems);
    } finally {
      await fixture.close();
    }
  }
  if (options.progress === true) {
    const statuses = [...total.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.error(`[fuzz ${name}] done: ${total.sent} requests (${statuses.join(', ')})`);
  }
  return total;
}

function excerpt(value: unknown, length = 160): string {
  if (value === undefined) return '-';
  const text = value instanceof Uint8Array ? `0x${Buffer.from(value).toString('hex')}` : String(value);
  return JSON.stringify(text.length > length ? `${text.slice(0, length)}…(${text.length})` : text);
}

/** Fails with every problem, the seed and the command that replays the run. */
export function assertNoProblems(report: FuzzReport, settings: FuzzSettings, file: string): void {
  const replay = `AGORA_FUZZ_SEED=${settings.seed} AGORA_FUZZ_ITERATIONS=${settings.iterations} node --import tsx --test ${file}`;
  assert.ok(report.sent > 0, 'the campaign sent requests');
  assert.deepEqual(
    report.problems,
    [],
    `fuzz seed ${settings.seed}: ${report.problems.length} problems; replay with: ${replay}\n${report.problems.join('\n')}`,
  );
}

/** Every route got at least one request (so a route the generator cannot reach fails loudly). */
export function assertCovered(report: FuzzReport, routes: readonly Route[]): void {
  const missed = routes
    .map((route) => `${route.method} ${route.url}`)
    .filter((route) => !report.routes.has(route));
  assert.deepEqual(missed, [], 'every route was fuzzed');
}

/** The app serves each of `urls` as a read route. */
export function assertReadRoutes(routes: readonly Route[], urls: readonly string[]): void {
  const reads = routes.filter((route) => !isWrite(route)).map((route) => route.url);
  for (const url of urls) assert.ok(reads.includes(url), url);
}

// ---- The standard campaigns of a service ----

/** A service on a fresh database, with the known values its generated requests draw on. */
export interface ServiceFixture extends Fixture {
  /** Values by field or query parameter name (see sample). */
  dictionary: Dictionary;
}

/**
 * Starts a service on a fresh test database and sets its fixture up. A failed start deletes the database,
 * a failed set-up closes the service too; `close`, handed to `setUp` for the fixture, does both.
 */
export async function openServiceFixture<S extends { close(): Promise<void> }, F>(
  database: { cleanup(): Promise<void> },
  start: () => Promise<S>,
  setUp: (service: S, close: () => Promise<void>) => Promise<F>,
): Promise<F> {
  const service = await start().catch(async (error: unknown) => {
    await database.cleanup();
    throw error;
  });
  const close = async () => {
    await service.close();
    await database.cleanup();
  };
  try {
    return await setUp(service, close);
  } catch (error) {
    await close();
    throw error;
  }
}

export interface ServiceCampaigns<F extends ServiceFixture> {
  /** The test file, named in the command that replays a failure. */
  file: string;
  settings: FuzzSettings;
  open: () => Promise<F>;
  /** The service's own expectations of the routes its app lists. */
  expectRoutes: (routes: readonly Route[]) => void;
  /** The title of the write campaign's test. */
  writeTitle: string;
  /** A request to `route`, a write route picked at random. */
  write: (r: Rng, fixture: F, route: Route) => FuzzRequest;
  /** Headers for a read request, for a service whose reads need them (credentials). */
  readHeaders?: (r: Rng, fixture: F, route: Route) => Record<string, string>;
}

/**
 * Registers, in the current suite, the tests every service's fuzz file has: its route list, a write
 * campaign (seed `settings.seed`) and a campaign of malformed query strings on the read routes (seed + 1),
 * each with no problem and every route reached.
 */
export function fuzzCampaigns<F extends ServiceFixture>(campaigns: ServiceCampaigns<F>): void {
  const { file, settings, open } = campaigns;
  const reads = (all: readonly Route[]) => all.filter((route) => !isWrite(route));
  let routes: readonly Route[];
  before(async () => {
    const fixture = await open();
    routes = fixture.target.routes;
    await fixture.close();
  });

  it('enumerates its routes from the app itself', () => campaigns.expectRoutes(routes));

  it(campaigns.writeTitle, async () => {
    const r = new Rng(settings.seed);
    const report = await runRounds(
      open,
      settings.iterations,
      (f) => {
        const route = r.pick(f.target.routes.filter(isWrite));
        return campaigns.write(r, f, route);
      },
      settings,
    );
    assertNoProblems(report, settings, file);
    assertCovered(report, routes.filter(isWrite));
    // The campaign reached the service's rules: most requests are refused, and some valid ones are taken.
    assert.ok(
      report.accepted > 0 && report.accepted < report.sent / 2,
      `${report.accepted} of ${report.sent} accepted`,
    );
  });

  it('answers malformed query strings on every read route without a 500', async () => {
    const r = new Rng(settings.seed + 1);
    const report = await runRounds(
      open,
      settings.iterations,
      (f) => {
        const route = r.pick(reads(f.target.routes));
        const url = `${route.url}?${fuzzQuery(r, route.query, f.dictionary)}`;
        const headers = campaigns.readHeaders?.(r, f, route);
        return { method: 'GET', url, ...(headers !== undefined && { headers }), note: 'query' };
      },
      settings,
    );
    assertNoProblems(report, settings, file);
    assertCovered(report, reads(routes));
  });
}

// ---- A chain for signed key requests ----

export interface KeyChainStandIn extends KeyChain {
  /** Every addFor the service relayed. */
  relays: AddForCall[];
}

/**
 * The chain as signed key requests see it, in memory: fids in `fids` have the custody keys of
 * src/names/testing.ts `testKey(fid)`, nonces count relays per owner, and every relay is mined at once.
 */
export function keyChainStandIn(fids: readonly number[]): KeyChainStandIn {
  const custody = new Map(fids.map((fid) => [fid, testKey(fid).address as Address]));
  const nonces = new Map<string, bigint>();
  const relays: AddForCall[] = [];
  return {
    relays,
    domainOf: async (contract) => contractDomain(contract),
    custodyOf: async (fid) => custody.get(fid),
    fidOf: async (address) => [...custody].find(([, owner]) => owner === address.toLowerCase())?.[0],
    gatewayNonce: async (owner) => nonces.get(owner.toLowerCase()) ?? 0n,
    async sendAddFor(call) {
      relays.push(call);
      const owner = call.fidOwner.toLowerCase();
      nonces.set(owner, (nonces.get(owner) ?? 0n) + 1n);
      return `0x${relays.length.toString(16).padStart(64, '0')}` as Hash;
    },
    waitForReceipt: async () => 'success',
    receiptOf: async () => 'success',
  };
}
