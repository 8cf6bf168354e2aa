import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientAddresses } from '../shared/client-address.js';
import { basicAuth, ipRateLimiter } from './submit-guard.js';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('submit guard', () => {
  describe('basic auth', () => {
    const authenticate = basicAuth(['alice:secret', 'alice:other', 'bob:pa:ss']);
    const reason = (header: string | undefined) => authenticate(header)?.message;

    it('lets known users in with any of their passwords', () => {
      assert.equal(authenticate(basic('alice:secret')), undefined);
      assert.equal(authenticate(basic('alice:other')), undefined);
      assert.equal(authenticate(basic('bob:pa:ss')), undefined, 'a password may hold a colon');
    });

    it('refuses with errCode unauthenticated, not saying whether the user or the password was wrong', () => {
      const refusal = authenticate(undefined);
      assert.deepEqual(refusal, {
        errCode: 'unauthenticated',
        message: 'gRPC authentication failed: Authorization header is empty',
      });
      assert.equal(reason(''), 'gRPC authentication failed: Authorization header is empty');
      const wrong = 'gRPC authentication failed: Invalid username or password for user:';
      assert.equal(reason(basic('carol:secret')), `${wrong} carol`);
      assert.equal(reason(basic('alice:wrong')), `${wrong} alice`);
      assert.equal(reason(basic('alice')), `${wrong} alice`);
      assert.equal(reason(basic('carol:')), `${wrong} carol`, 'an unknown user with an empty password');
    });
  });

  describe('per-IP rate limit', () => {
    it('allows the limit per minute per address, then refuses until the next minute', () => {
      let now = 60_000 * 100;
      const allow = ipRateLimiter(2, () => now);
      assert.deepEqual(
        [allow('203.0.113.1'), allow('203.0.113.1'), allow('203.0.113.1')],
        [true, true, false],
      );
      assert.equal(allow('203.0.113.2'), true, 'each address has its own count');
      now += 60_000;
      assert.equal(allow('203.0.113.1'), true);
    });

    it('never limits loopback callers while no proxy is trusted', () => {
      const allow = ipRateLimiter(1, () => 0);
      for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        assert.deepEqual([allow(ip), allow(ip), allow(ip)], [true, true, true], ip);
      }
      assert.deepEqual([allow('::ffff:10.0.0.1'), allow('::ffff:10.0.0.1')], [true, false]);
    });

    it('limits loopback as one client once a proxy is trusted: it is the proxy then', () => {
      const behindProxy = clientAddresses({ trustProxy: '10.0.0.0/8', ipv6PrefixLength: 64 });
      const allow = ipRateLimiter(1, () => 0, behindProxy);
      assert.deepEqual([allow('127.0.0.1'), allow('::ffff:127.0.0.1')], [true, false]);
    });
  });
});
