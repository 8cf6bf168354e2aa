import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { namesHarness, signedBody, type NamesHarness, type TransferFields } from '../src/names/testing.js';
import type { NamesService } from '../src/names/index.js';
import { forEachDialect } from '../src/storage/testing.js';

/**
 * Validation and insert are one transaction behind the write lock, so concurrent requests can never both
 * take a name or give one fid two names. On PostgreSQL the requests are spread over two services with
 * their own connection pools, as two processes sharing the database would run.
 */

forEachDialect('name registry: concurrent requests', (dialect) => {
  let h: NamesHarness;
  let services: NamesService[];
  before(async () => {
    h = await namesHarness(dialect, { config: { cooldownSeconds: 0 } });
    services = dialect === 'postgres' ? [h.service, await h.second()] : [h.service];
  });
  after(() => h.cleanup());

  /** Signs every body first, then sends them all at once. */
  async function race(requests: TransferFields[]): Promise<LightMyRequestResponse[]> {
    const bodies = await Promise.all(requests.map((fields) => signedBody(fields)));
    return Promise.all(
      bodies.map((payload, index) =>
        services[index % services.length]!.app.inject({ method: 'POST', url: '/transfers', payload }),
      ),
    );
  }

  function outcomes(responses: LightMyRequestResponse[]): string[] {
    return responses.map((response) =>
      response.statusCode === 200 ? 'ok' : response.json<{ code: string }>().code,
    );
  }

  it('gives one name to exactly one of 50 fids registering it at once', async () => {
    const timestamp = h.clock.seconds();
    const fids = Array.from({ length: 50 }, (_, i) => i + 1);
    const responses = await race(fids.map((fid) => ({ name: 'popular', from: 0, to: fid, timestamp })));
    const results = outcomes(responses);
    assert.equal(results.filter((r) => r === 'ok').length, 1, results.join(','));
    assert.equal(results.filter((r) => r === 'USERNAME_TAKEN').length, 49);
    const winner = fids[results.indexOf('ok')];
    const current = await h.app.inject({ url: '/transfers/current?name=popular' });
    assert.equal(current.json<{ transfer: { to: number } }>().transfer.to, winner);
  });

  it('gives each of 20 fids one of the two names it asks for at once', async () => {
    const timestamp = h.clock.seconds();
    const fids = Array.from({ length: 20 }, (_, i) => 101 + i);
    const requests = fids.flatMap((fid) => [
      { name: `first${fid}`, from: 0, to: fid, timestamp },
      { name: `second${fid}`, from: 0, to: fid, timestamp },
    ]);
    const results = outcomes(await race(requests));
    for (const [index, fid] of fids.entries()) {
      const pair = results.slice(2 * index, 2 * index + 2).sort();
      assert.deepEqual(pair, ['TOO_MANY_NAMES', 'ok'], `fid ${fid}`);
    }
  });

  it('numbers the accepted transfers 1..n in order, without gaps', async () => {
    const all = await h.app.inject({ url: '/transfers' });
    const ids = all.json<{ transfers: { id: number }[] }>().transfers.map((t) => t.id);
    assert.deepEqual(
      ids,
      Array.from({ length: 21 }, (_, i) => i + 1),
    );
  });
});
