import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { NodeTables } from '../store/schema.js';
import { createPeerDirectory, FORGET_AFTER_MS } from './peer-directory.js';
import type { PeerPolicy } from './peer-directory.js';

const POLICY: PeerPolicy = { allow: undefined, deny: [], maxPeers: 3, self: '10.0.0.1:2283' };

forEachDialect('the peer directory', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let now = 1_000_000;
  const directory = (policy: Partial<PeerPolicy> = {}) =>
    createPeerDirectory(database.db, { ...POLICY, ...policy }, () => now);
  const addresses = async () =>
    (
      await database.db.selectFrom('sync_peers').select(['address', 'source']).orderBy('address').execute()
    ).map((row) => `${row.source} ${row.address}`);

  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  beforeEach(async () => {
    await database.db.deleteFrom('sync_peers').execute();
  });
  after(() => database.cleanup());

  it('refuses itself, what is denied (host or host:port), what the allow list leaves out, and non-addresses', () => {
    const peers = directory({ allow: ['10.0.0.2', '10.0.0.3:2283'], deny: ['10.0.0.2:9999'] });
    assert.equal(peers.refusal('10.0.0.2:2283'), undefined);
    assert.equal(peers.refusal('10.0.0.3:2283'), undefined);
    assert.match(peers.refusal('10.0.0.1:2283') ?? '', /this node/);
    assert.match(peers.refusal('10.0.0.2:9999') ?? '', /--peer-deny/);
    assert.match(peers.refusal('10.0.0.3:2284') ?? '', /--peer-allow/);
    assert.match(peers.refusal('not an address') ?? '', /host:port/);
    assert.match(directory({ deny: ['10.0.0.4'] }).refusal('10.0.0.4:1') ?? '', /--peer-deny/);
  });

  it('keeps configured peers first, learns within --max-peers, and forgets learned peers quiet for a day', async () => {
    const first = directory();
    const { peers, refused } = await first.open(['10.0.0.2:1', '10.0.0.1:2283']);
    assert.deepEqual(
      peers.map((peer) => peer.address),
      ['10.0.0.2:1'],
    );
    assert.deepEqual(refused, [['10.0.0.1:2283', 'it is this node']]);
    assert.ok(await first.learn('10.0.0.3:1'));
    assert.equal(await first.learn('10.0.0.3:1'), undefined, 'known already');
    assert.ok(await first.learn('10.0.0.4:1'));
    assert.equal(await first.learn('10.0.0.5:1'), undefined, 'three peers at most');
    await first.save('10.0.0.3:1', { lastContact: now, score: -7, lastEventId: 42 });
    assert.deepEqual(await addresses(), [
      'configured 10.0.0.2:1',
      'learned 10.0.0.3:1',
      'learned 10.0.0.4:1',
    ]);

    // A day later, restarted with another configured peer: peers not heard from for a day are gone (the
    // one no longer configured became learned), the one heard from within the day stays, with its progress.
    now += FORGET_AFTER_MS - 1;
    await first.save('10.0.0.3:1', { lastContact: now });
    now += 2;
    const restarted = await directory().open(['10.0.0.6:1']);
    assert.deepEqual(
      restarted.peers.map((peer) => `${peer.source} ${peer.address}`),
      ['configured 10.0.0.6:1', 'learned 10.0.0.3:1'],
    );
    const kept = restarted.peers.find((peer) => peer.address === '10.0.0.3:1');
    assert.equal(kept?.score, -7);
    assert.equal(kept?.lastEventId, 42);
  });

  it('forgets a learned peer on request, never a configured one', async () => {
    const peers = directory();
    await peers.open(['10.0.0.2:1']);
    await peers.learn('10.0.0.3:1');
    await peers.forget('10.0.0.3:1');
    await peers.forget('10.0.0.2:1');
    assert.deepEqual(await addresses(), ['configured 10.0.0.2:1']);
    assert.ok(await peers.learn('10.0.0.3:1'), 'it may be learned again');
  });
});
