import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namesHarness } from '../src/names/testing.js';
import { NamesOptions, parseCommand } from '../src/shared/config/index.js';
import { freePort } from './support/free-port.js';
import { parsePrometheusText } from './support/prom-text.js';

/** `--metrics-port`: `/metrics` served apart from the API, and only there. */
describe('--metrics-port', { timeout: 30_000 }, () => {
  it('is read from the flag and from AGORA_<SERVICE>_METRICS_PORT, and is 0 (on the API) by default', () => {
    const metricsPort = (argv: string[], env: Record<string, string> = {}) =>
      parseCommand('names', NamesOptions, argv, env).config.metricsPort;
    assert.equal(metricsPort([]), 0);
    assert.equal(metricsPort(['--metrics-port', '9464']), 9464);
    assert.equal(metricsPort([], { AGORA_NAMES_METRICS_PORT: '9465' }), 9465);
  });

  it('serves /metrics on its own port, not on the API, counting the API requests; close frees it', async () => {
    const port = await freePort();
    const h = await namesHarness('sqlite', { config: { metricsPort: port } });
    const metricsUrl = `http://127.0.0.1:${port}/metrics`;
    try {
      const api = await h.service.listen();
      assert.equal((await fetch(`${api}/current-time`)).status, 200);
      assert.equal((await fetch(`${api}/metrics`)).status, 404, 'the API port does not serve /metrics');

      const response = await fetch(metricsUrl);
      assert.equal(response.status, 200);
      assert.match(String(response.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
      const families = parsePrometheusText(await response.text());
      const counted = families
        .get('agora_http_request_duration_seconds')
        ?.samples.find((s) => s.name.endsWith('_count') && s.labels.route === '/current-time');
      assert.equal(counted?.value, 1);
      assert.ok(families.has('process_cpu_seconds_total'));
      assert.equal((await fetch(`http://127.0.0.1:${port}/_health`)).status, 404, 'only /metrics is served');
    } finally {
      await h.cleanup();
    }
    await assert.rejects(fetch(metricsUrl), 'the metrics port is closed with the service');
  });
});
