import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { names } from './support/soak/loads/names.js';
import type { Break } from './support/soak/breaks.js';
import type { Client } from './support/soak/http.js';
import type { SoakAccount } from './support/soak/setup.js';
import { failuresOf, type UnexpectedKind } from './support/soak/verdict.js';
import { World } from './support/soak/world.js';
import { namesHarness, testKey, type NamesHarness } from '../src/names/testing.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import type { HttpApp } from '../src/shared/http/index.js';
import { seededRandom } from '../src/shared/seeded-random.js';

/**
 * The soak's names load against the registry itself (as the soak runs it: cooldown 0, no per-fid limit),
 * on a clock that moves as the test says: every request it makes is accepted, and the same load told to
 * break rule 10 (`--break names-timestamp`) gets a refusal that fails the soak's verdict, body included.
 */

const ACCOUNTS: SoakAccount[] = Array.from({ length: 8 }, (_, index) => {
  const fid = index + 1;
  const seed = new Uint8Array(randomBytes(32));
  // The harness's fake chain gives fid n the custody key testKey(n).
  return { fid, custody: testKey(fid), signer: createEd25519Signer(seed), seed };
});

/** The soak's HTTP client, answered by the service in this process. */
function injectClient(app: HttpApp): Client {
  return {
    request: async (method, url, options = {}) => {
      const { pathname, search } = new URL(url);
      const response = await app.inject({
        method,
        url: `${pathname}${search}`,
        payload: options.json as object,
      });
      return { status: response.statusCode, body: response.body, ms: 0 };
    },
    close: () => undefined,
  };
}

/** Runs `steps` names operations, the clock moving 0 to 1.5 s before each; the verdict's failures. */
async function soakNames(harness: NamesHarness, breaks: Break[], steps: number): Promise<string[]> {
  const unexpected = new Map<string, UnexpectedKind>();
  const random = seededRandom(7);
  const world = new World({
    client: injectClient(harness.app),
    urls: { nodes: [], grpc: [], names: 'http://names.test', social: 'http://social.test' },
    accounts: ACCOUNTS,
    record: (service, operation, ok, answer) => {
      const key = `${service} ${operation} -> ${answer.status}`;
      if (!ok)
        unexpected.set(key, { key, count: (unexpected.get(key)?.count ?? 0) + 1, sample: answer.body });
    },
    random,
    runMs: 60_000,
    breaks: new Set(breaks),
    now: harness.clock.now,
  });
  const load = await names(world);
  for (let i = 0; i < steps; i++) {
    harness.clock.advance(Math.floor(random() * 1500));
    await world.pick(load.operations).run();
  }
  const { summary } = (await load.finish?.()) ?? { summary: [] };
  assert.match(summary.join('\n'), /whole register → transfer → unregister cycles/);
  return failuresOf({
    unexpected: [...unexpected.values()],
    exceptions: 0,
    maxErrors: 0,
    memory: [],
    checks: [],
    interrupted: false,
  });
}

describe('the soak names load', () => {
  let harness: NamesHarness;
  beforeEach(async () => {
    harness = await namesHarness('sqlite', { config: { cooldownSeconds: 0, transferFidLimit: 0 } });
  });
  afterEach(() => harness.cleanup());

  it('follows every rule of the registry: nothing it sends is refused', async () => {
    assert.deepEqual(await soakNames(harness, [], 90), []);
    const transfers = JSON.parse((await harness.app.inject({ url: '/transfers?from_id=0' })).body) as {
      transfers: unknown[];
    };
    assert.ok(transfers.transfers.length > 20, `only ${transfers.transfers.length} transfers were made`);
  });

  it('fails the verdict, with the refusal, when told to break rule 10', async () => {
    const failures = await soakNames(harness, ['names-timestamp'], 20);
    assert.equal(failures.length, 1, failures.join('\n'));
    assert.match(failures[0] ?? '', /unexpected answers .*names transfer -> 400: .*INVALID_TIMESTAMP/);
  });
});
