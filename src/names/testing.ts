/**
 * Test helpers: a service on a disposable database with a settable clock and fids whose custody keys are
 * made up (no chain), and signed request bodies. Test-only.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { signUserNameProofClaim } from '../protocol/eip712/index.js';
import type { Hex } from '../protocol/hex.js';
import { configOf, NamesOptions, type NamesConfig } from '../shared/config/index.js';
import type { HttpApp } from '../shared/http/index.js';
import type { Dialect } from '../storage/index.js';
import { openTestDatabase } from '../storage/testing.js';
import { testClock, type TestClock } from '../shared/test-clock.js';
import type { CustodyLookup } from '../chain/custody.js';
import { createNamesService, type NamesService } from './service.js';
import type { NamesDatabase, NamesTables } from './store.js';

/** The devnet's name registry signer (anvil's third test account). */
export const TEST_SIGNER_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
export const DAY_SECONDS = 86_400;

export function testConfig(overrides: Partial<NamesConfig> = {}): NamesConfig {
  return configOf(NamesOptions, {
    dataDir: '.agora-test-unused',
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    signerKey: TEST_SIGNER_KEY,
    ...overrides,
  });
}

export { testClock, type TestClock };

export interface TestKey {
  privateKey: Hex;
  /** Lowercase. */
  address: Hex;
}

/** A distinct, deterministic key per `n` (n >= 1). */
export function testKey(n: number): TestKey {
  const privateKey = `0x${(0xa11ce000 + n).toString(16).padStart(64, '0')}` as Hex;
  return { privateKey, address: privateKeyToAccount(privateKey).address.toLowerCase() as Hex };
}

/** Every fid n > 0 has custody `testKey(n)` unless reassigned (undefined: not registered). */
export interface FakeCustody extends CustodyLookup {
  assign(fid: number, key: TestKey | undefined): void;
  /** The fids looked up so far, in order: the chain reads a real registry would have made. */
  readonly lookups: number[];
}

export function fakeCustody(): FakeCustody {
  const assigned = new Map<number, TestKey | undefined>();
  const lookups: number[] = [];
  return {
    assign: (fid, key) => void assigned.set(fid, key),
    lookups,
    custodyOf: async (fid) => {
      lookups.push(fid);
      const key = assigned.has(fid) ? assigned.get(fid) : fid > 0 ? testKey(fid) : undefined;
      return key?.address;
    },
  };
}

export interface TransferFields {
  name: string;
  from: number;
  to: number;
  timestamp: number;
  fid?: number;
  /** Default: the requesting fid's key (to for a registration, from otherwise). */
  owner?: TestKey;
  /** Default: `owner`. */
  signer?: TestKey;
}

/** A POST /transfers body signed over {name, timestamp, owner}. */
export async function signedBody(fields: TransferFields): Promise<Record<string, unknown>> {
  const owner = fields.owner ?? testKey(fields.from === 0 ? fields.to : fields.from);
  const signer = fields.signer ?? owner;
  const signature = await signUserNameProofClaim(
    { name: fields.name, timestamp: fields.timestamp, owner: owner.address },
    signer.privateKey,
  );
  return {
    name: fields.name,
    from: fields.from,
    to: fields.to,
    ...(fields.fid !== undefined && { fid: fields.fid }),
    owner: owner.address,
    timestamp: fields.timestamp,
    signature,
  };
}

/** Where a test request comes from; inject's default is 127.0.0.1, which the per-IP limit exempts. */
export interface FromAddress {
  ip?: string;
}

// Typed through the app, as domain-side code may not import Fastify's types.
export const injectPost = (app: HttpApp, payload: Record<string, unknown>, from: FromAddress = {}) =>
  app.inject({ method: 'POST', url: '/transfers', payload, remoteAddress: from.ip });
export type InjectResponse = Awaited<ReturnType<typeof injectPost>>;

export interface NamesHarness {
  service: NamesService;
  clock: TestClock;
  custody: FakeCustody;
  /** `service.app`, whose `inject()` sends requests without a network. */
  app: HttpApp;
  /** Signs and posts a transfer. */
  post(fields: TransferFields, from?: FromAddress): Promise<InjectResponse>;
  /** Another service on the same database, as a second process would run it. */
  second(): Promise<NamesService>;
  cleanup(): Promise<void>;
}

export async function namesHarness(
  dialect: Dialect,
  options: { config?: Partial<NamesConfig> } = {},
): Promise<NamesHarness> {
  const database = await openTestDatabase<NamesTables>(dialect, 'names');
  const clock = testClock();
  const custody = fakeCustody();
  const config = testConfig(options.config);
  const start = async (handle: NamesDatabase = database) =>
    createNamesService({
      config,
      logger: false,
      chain: { custody },
      clock,
      database: handle,
    });
  const service = await start().catch(async (error: unknown) => {
    await database.cleanup();
    throw error;
  });
  const services = [service];
  return {
    service,
    clock,
    custody,
    app: service.app,
    post: async (fields, from) => injectPost(service.app, await signedBody(fields), from),
    second: async () => {
      const other = await start(await database.reopen());
      services.push(other);
      return other;
    },
    cleanup: async () => {
      await Promise.all(services.map((each) => each.close()));
      await database.cleanup();
    },
  };
}
