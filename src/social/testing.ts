/**
 * Test helpers: the social service on a disposable database with a settable clock and a stand-in node
 * whose active signers the test controls, plus app keys that mint real signed bearer tokens. Test-only.
 */
import { randomBytes } from 'node:crypto';
import { createAppKeyToken } from '../protocol/app-key-token.js';
import { ed25519PublicKeyFromSeed } from '../protocol/ed25519.js';
import { bytesToHex, type Hex } from '../protocol/hex.js';
import { configOf, SocialOptions, type SocialConfig } from '../shared/config/index.js';
import type { HttpApp } from '../shared/http/index.js';
import { testClock, type TestClock } from '../shared/test-clock.js';
import type { Dialect } from '../storage/index.js';
import { openTestDatabase, type TestDatabase } from '../storage/testing.js';
import type { KeyChain } from './keys/chain.js';
import type { ActiveSigner, NodeClient } from './node-client.js';
import { putCast } from './node-index/store.js';
import { createSocialService, type SocialService } from './service.js';
import type { SocialTables } from './store.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

export function testSocialConfig(overrides: Partial<SocialConfig> = {}): SocialConfig {
  return configOf(SocialOptions, {
    dataDir: '.agora-test-unused',
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    nodeUrl: 'http://127.0.0.1:1',
    adminToken: TEST_ADMIN_TOKEN,
    ...overrides,
  });
}

/** A node that knows only the signers a test registers; any other read fails as an unreachable node would. */
export interface FakeNode extends NodeClient {
  /** Makes `key` a signer of `fid`: on chain, or gasless with `scopes` (MessageType names) when given. */
  addSigner(fid: number, key: Hex, scopes?: readonly string[]): void;
  removeSigner(fid: number, key: Hex): void;
}

export function fakeNode(): FakeNode {
  const active = new Map<string, ActiveSigner>();
  return {
    getJson: async (path) => {
      throw new Error(`the fake node does not serve ${path}`);
    },
    // eslint-disable-next-line require-yield -- it fails as an unreachable node would, before any event
    async *streamEvents() {
      throw new Error('the fake node does not serve /v1/events/stream');
    },
    isActiveSigner: async (fid, key) => active.get(`${fid}:${key}`),
    addSigner(fid, key, scopes) {
      const signer: ActiveSigner =
        scopes === undefined ? { source: 'onchain', scopes: [] } : { source: 'gasless', scopes };
      active.set(`${fid}:${key}`, signer);
    },
    removeSigner: (fid, key) => active.delete(`${fid}:${key}`),
  };
}

export interface SocialHarness {
  service: SocialService;
  app: HttpApp;
  database: TestDatabase<SocialTables>;
  clock: TestClock;
  node: FakeNode;
  /** A fresh app key registered as an active signer of `fid`, and a bearer header signed with it. */
  login(fid: number): { authorization: string; key: Hex };
  /** Puts a cast in the node index as the indexer would; returns its 0x hash. */
  seedCast(cast: { fid: number; parentUrl?: string; parentHash?: Hex; parentFid?: number }): Promise<Hex>;
  close(): Promise<void>;
}

let castCounter = 0;

export interface SocialHarnessOptions {
  /** Default: a test clock at a fixed time. */
  clock?: TestClock;
  /** The chain for signed key requests, built on the harness clock; none by default. */
  chain?: (clock: TestClock) => KeyChain;
}

export async function openSocialHarness(
  dialect: Dialect,
  overrides: Partial<SocialConfig> = {},
  options: SocialHarnessOptions = {},
): Promise<SocialHarness> {
  const database = await openTestDatabase<SocialTables>(dialect, 'social');
  const clock = options.clock ?? testClock();
  const node = fakeNode();
  const service = await createSocialService({
    config: testSocialConfig(overrides),
    logger: false,
    clock,
    node,
    database,
    indexer: false,
    chain: options.chain?.(clock),
  });
  return {
    service,
    app: service.app,
    database,
    clock,
    node,
    login(fid) {
      const privateKey = randomBytes(32);
      const key = bytesToHex(ed25519PublicKeyFromSeed(privateKey));
      node.addSigner(fid, key);
      const token = createAppKeyToken({ fid, privateKey, exp: clock.seconds() + 300 });
      return { authorization: `Bearer ${token}`, key };
    },
    async seedCast(cast) {
      castCounter += 1;
      const hash = new Uint8Array(20);
      new DataView(hash.buffer).setUint32(16, castCounter);
      hash[0] = 0xca;
      await putCast(database.db, {
        hash,
        fid: cast.fid,
        timestamp: clock.seconds(),
        parentUrl: cast.parentUrl ?? null,
        parentHash: cast.parentHash === undefined ? null : Buffer.from(cast.parentHash.slice(2), 'hex'),
        parentFid: cast.parentFid ?? null,
      });
      return bytesToHex(hash);
    },
    async close() {
      await service.close();
      await database.cleanup();
    },
  };
}

/** Another process of the harness's service: its own handle on the same database, the same clock and node. */
export async function otherProcess(
  harness: SocialHarness,
  overrides: Partial<SocialConfig> = {},
): Promise<SocialService> {
  return createSocialService({
    config: testSocialConfig(overrides),
    logger: false,
    clock: harness.clock,
    node: harness.node,
    indexer: false,
    database: await harness.database.reopen(),
  });
}
