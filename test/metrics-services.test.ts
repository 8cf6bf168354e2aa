import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { namesHarness } from '../src/names/testing.js';
import { startNodeService } from '../src/node/index.js';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { FarcasterNetwork, Message, MessageType } from '../src/protocol/gen/message.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { configOf, NodeOptions } from '../src/shared/config/index.js';
import type { HttpApp } from '../src/shared/http/index.js';
import type { KeyChain } from '../src/social/keys/chain.js';
import { openSocialHarness } from '../src/social/testing.js';
import { parsePrometheusText, type MetricFamily } from './support/prom-text.js';

/**
 * `GET /metrics` of each service, parsed strictly: it carries every metric
 * docs/operations.md lists for the service (read from the doc's tables, so the two cannot drift), no
 * `agora_*` metric the doc leaves out, and the request histogram labels a request by its route pattern.
 */

type Service = 'node' | 'names' | 'social';

/** The `| \`name\` | type | labels | service | meaning |` rows of the doc's Metrics section. */
function documentedMetrics(service: Service | 'any'): Map<string, string> {
  const doc = readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8');
  const section = /\n## Metrics\n([\s\S]*?)(\n## |$)/.exec(doc)?.[1];
  assert.ok(section !== undefined, 'docs/operations.md has a Metrics section');
  const metrics = new Map<string, string>();
  for (const [, name, type, where] of section.matchAll(
    /^\| `([a-zA-Z0-9_:]+)` \| (\w+) \| [^|]+ \| (\w+) \|/gm,
  )) {
    if (service === 'any' || where === 'all' || where === service)
      metrics.set(name as string, type as string);
  }
  assert.ok(metrics.size > 35, `the doc lists ${metrics.size} metrics for ${service}`);
  return metrics;
}

async function scrape(app: HttpApp): Promise<Map<string, MetricFamily>> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(response.body);
}

/** Every documented metric with its documented type; every agora_* metric served is documented. */
function assertDocumented(families: Map<string, MetricFamily>, service: Service): void {
  const documented = documentedMetrics(service);
  for (const [name, type] of documented) {
    assert.equal(families.get(name)?.type, type, `${name} (${type}) on the ${service} service`);
  }
  const undocumented = [...families.keys()].filter(
    (name) => name.startsWith('agora_') && !documented.has(name),
  );
  assert.deepEqual(undocumented, [], 'agora_* metrics missing from docs/operations.md');
}

/** The count of requests the histogram holds for one route and status. */
function requestCount(families: Map<string, MetricFamily>, route: string, status: number): number {
  const histogram = families.get('agora_http_request_duration_seconds');
  for (const sample of histogram?.samples ?? []) {
    assert.ok(!sample.labels.route?.includes('?'), `a route label carries a query: ${sample.labels.route}`);
  }
  const count = histogram?.samples.find(
    (sample) =>
      sample.name.endsWith('_count') &&
      sample.labels.route === route &&
      sample.labels.status === String(status),
  );
  return count?.value ?? 0;
}

function value(families: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}) {
  const found = families
    .get(name)
    ?.samples.find((sample) => Object.entries(labels).every(([key, want]) => sample.labels[key] === want));
  return found?.value;
}

function strangersCast(): Message {
  return makeMessage(
    {
      type: MessageType.CAST_ADD,
      fid: 77,
      timestamp: toFarcasterTime(Date.now()) ?? 0,
      network: FarcasterNetwork.MAINNET,
      castAddBody: {
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
        text: 'hi',
        embeds: [],
        type: 0,
      },
    },
    createEd25519Signer(randomBytes(32)),
  );
}

describe('GET /metrics on every service', { timeout: 60_000 }, () => {
  it('the Grafana dashboard queries documented metrics only', () => {
    const dashboard = readFileSync(new URL('../docs/grafana/agora.json', import.meta.url), 'utf8');
    const queried = new Set(
      [...dashboard.matchAll(/\b((agora|process|nodejs)_[a-z0-9_]+)/g)].map(([, name]) =>
        (name as string).replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    const documented = documentedMetrics('any');
    assert.deepEqual(
      [...queried].filter((name) => !documented.has(name)),
      [],
    );
    assert.ok(queried.size >= 12, `the dashboard queries ${queried.size} metrics`);
  });

  it('node: documented metrics, the route pattern of a request, the event log and streams', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'agora-metrics-'));
    const node = await startNodeService(
      configOf(NodeOptions, { dataDir, host: '127.0.0.1', port: 0, grpcPort: 0, logLevel: 'silent' }),
    );
    try {
      const read = await node.app.inject({ method: 'GET', url: '/v1/castsByFid?fid=1&pageSize=2' });
      // A well-formed message of a fid the node has never seen: refused, and counted by its errCode.
      const refused = await node.app.inject({
        method: 'POST',
        url: '/v1/submitMessage',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from(Message.encode(strangersCast()).finish()),
      });
      const errCode = (JSON.parse(refused.body) as { errCode: string }).errCode;
      assert.equal(refused.statusCode, 400, refused.body);
      const families = await scrape(node.app);
      assertDocumented(families, 'node');
      assert.equal(requestCount(families, '/v1/castsByFid', read.statusCode), 1);
      assert.equal(value(families, 'agora_node_merge_refusals_total', { err_code: errCode }), 1);
      assert.equal(value(families, 'agora_node_merges_total'), 0);
      assert.equal(value(families, 'agora_node_event_log_head_id'), 0);
      assert.equal(value(families, 'agora_node_event_streams'), 0);
      assert.equal(value(families, 'agora_node_sync_trie_items'), 0);
      assert.equal(value(families, 'agora_component_ready', { component: 'syncTrie' }), 1);
      const status = JSON.parse((await node.app.inject({ method: 'GET', url: '/_status' })).body) as {
        components: Record<string, unknown>;
      };
      assert.deepEqual(status.components.syncTrie, { required: false, ready: true, items: 0, rootHash: '' });
      assert.equal(value(families, 'agora_component_ready', { component: 'database' }), 1);
      assert.equal(value(families, 'agora_component_ready', { component: 'revocations' }), 1);
      assert.equal(value(families, 'process_open_fds', { service: 'node' }) !== undefined, true);
    } finally {
      await node.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('names: documented metrics, transfers by kind and refusals by code', async () => {
    const h = await namesHarness('sqlite');
    try {
      const transfer = { name: 'metered', from: 0, to: 7, timestamp: h.clock.seconds() };
      assert.equal((await h.post(transfer)).statusCode, 200);
      assert.equal((await h.post(transfer)).statusCode, 200, 'a repeat is answered, not stored again');
      assert.equal((await h.post({ ...transfer, to: 8 })).statusCode, 400);
      const families = await scrape(h.app);
      assertDocumented(families, 'names');
      assert.equal(requestCount(families, '/transfers', 200), 2);
      assert.equal(value(families, 'agora_names_transfers_total', { kind: 'register' }), 1);
      assert.equal(value(families, 'agora_names_transfer_refusals_total', { code: 'USERNAME_TAKEN' }), 1);
    } finally {
      await h.cleanup();
    }
  });

  it('social: documented metrics, rate-limit refusals by rule, the relayer balance', async () => {
    const h = await openSocialHarness('sqlite', { blocksPerHour: 1 }, { chain: () => fundedChain });
    try {
      const { authorization } = h.login(5);
      const block = (blockFid: number) =>
        h.app.inject({
          method: 'POST',
          url: '/fc/blocked-users',
          headers: { authorization },
          payload: { blockFid },
        });
      assert.equal((await block(6)).statusCode, 200);
      assert.equal((await block(7)).statusCode, 429);
      const families = await scrape(h.app);
      assertDocumented(families, 'social');
      assert.equal(requestCount(families, '/fc/blocked-users', 429), 1);
      assert.equal(value(families, 'agora_social_rate_limit_refusals_total', { rule: 'blocks' }), 1);
      assert.equal(value(families, 'agora_social_relayer_balance_wei'), 2e18);
    } finally {
      await h.close();
    }
  });
});

const unused = async (): Promise<never> => {
  throw new Error('not used by this test');
};

/** A chain whose relayer holds 2 ETH; nothing else of it is read. */
const fundedChain: KeyChain = {
  domainOf: unused,
  custodyOf: unused,
  fidOf: unused,
  gatewayNonce: unused,
  sendAddFor: unused,
  waitForReceipt: unused,
  receiptOf: unused,
  relayerBalance: async () => 2n * 10n ** 18n,
};
