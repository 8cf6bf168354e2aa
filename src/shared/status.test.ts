import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loopStatus, redactUrls } from './status.js';

describe('status', () => {
  it('shows URLs in error texts by scheme and host only: no keys, paths or passwords', () => {
    assert.equal(
      redactUrls(
        'request to https://opt-mainnet.example/v2/SECRETKEY failed (from postgres://agora:pw@db:5432/x)',
      ),
      'request to https://opt-mainnet.example failed (from postgres://db:5432)',
    );
    assert.equal(redactUrls('fetch failed'), 'fetch failed');
  });

  it('counts a loop ready once it has caught up, until it fails three times in a row', () => {
    const loop = { state: 'live', consecutiveFailures: 0, lastError: undefined, caughtUpAt: undefined };
    assert.equal(loopStatus(loop, true).ready, false);
    assert.equal(loopStatus({ ...loop, caughtUpAt: 1 }, true).ready, true);
    assert.equal(loopStatus({ ...loop, caughtUpAt: 1, consecutiveFailures: 2 }, true).ready, true);
    assert.equal(loopStatus({ ...loop, caughtUpAt: 1, consecutiveFailures: 3 }, true).ready, false);
    const failing = loopStatus({ ...loop, lastError: { message: 'http://u:p@h:1/k down', at: 5 } }, false);
    assert.deepEqual(failing.lastError, { message: 'http://h:1 down', at: 5 });
  });
});
