import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientAddresses, DEFAULT_CLIENT_ADDRESSES } from './client-address.js';

/** Who a client is for the per-IP limits. The attacks through each service are in test/. */
describe('client addresses', () => {
  describe('limitKey', () => {
    const key = (ip: string, ipv6PrefixLength = 64) => clientAddresses({ ipv6PrefixLength }).limitKey(ip);

    it('keys IPv4 by its address, IPv4-mapped IPv6 included in either spelling', () => {
      assert.deepEqual(
        ['203.0.113.7', '::ffff:203.0.113.7', '::FFFF:cb00:7107'].map((ip) => key(ip)),
        ['203.0.113.7', '203.0.113.7', '203.0.113.7'],
      );
      assert.equal(key('203.0.113.7', 128), '203.0.113.7', 'the IPv6 prefix does not touch IPv4');
    });

    it('keys IPv6 by its network of the configured prefix length', () => {
      const oneNetwork = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9'];
      assert.deepEqual(new Set(oneNetwork.map((ip) => key(ip))), new Set(['2001:db8:1:2::/64']));
      assert.equal(key('2001:db8:1:3::1'), '2001:db8:1:3::/64', 'the next /64 is another client');
      assert.equal(key('2001:db8:1:3::1', 48), key('2001:db8:1:2::1', 48), 'one /48 at 48 bits');
      assert.notEqual(key('2001:db8:1:2::1', 128), key('2001:db8:1:2::2', 128), 'each address at 128');
      assert.equal(key('fe80::1%eth0'), 'fe80::/64');
      assert.equal(key('fe80::1%br-lan.7', 128), 'fe80::1', 'a zone ipaddr.js cannot parse');
    });

    it('keeps what is not an address as it is (only a trusted proxy can have named it)', () => {
      assert.equal(key('unknown'), 'unknown');
    });
  });

  describe('isOperator', () => {
    it('is loopback while no proxy is trusted, and nobody once one is', () => {
      const direct = DEFAULT_CLIENT_ADDRESSES;
      assert.deepEqual(
        ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '10.0.0.1', '2001:db8::1', 'x'].map((ip) =>
          direct.isOperator(ip),
        ),
        [true, true, true, true, false, false, false],
      );
      for (const trustProxy of ['127.0.0.1', '1', '10.0.0.0/8']) {
        const proxied = clientAddresses({ trustProxy, ipv6PrefixLength: 64 });
        assert.deepEqual(
          ['127.0.0.1', '::1'].map((ip) => proxied.isOperator(ip)),
          [false, false],
          trustProxy,
        );
      }
    });
  });

  describe('clientOf', () => {
    const via = (trustProxy: string | undefined) => clientAddresses({ trustProxy, ipv6PrefixLength: 64 });

    it('is the peer when no proxy is trusted or the peer is not one, whatever the header says', () => {
      assert.equal(via(undefined).clientOf('127.0.0.1', '198.51.100.1'), '127.0.0.1');
      assert.equal(via('10.0.0.0/8').clientOf('127.0.0.1', '198.51.100.1'), '127.0.0.1');
      assert.equal(via('127.0.0.1').clientOf('127.0.0.1', undefined), '127.0.0.1');
    });

    it('walks back from a trusted peer to the first hop it does not trust', () => {
      const proxy = via('127.0.0.1,10.0.0.0/8');
      // The client put the first two entries there itself; the proxy appended the address it saw.
      const header = '203.0.113.66, 10.0.0.5, 198.51.100.1';
      assert.equal(proxy.clientOf('127.0.0.1', header), '198.51.100.1');
      assert.equal(proxy.clientOf('::ffff:127.0.0.1', '198.51.100.1'), '198.51.100.1');
      assert.equal(
        proxy.clientOf('127.0.0.1', '10.0.0.5, 10.0.0.6'),
        '10.0.0.5',
        'all trusted: the farthest',
      );
      assert.equal(via('2').clientOf('127.0.0.1', header), '10.0.0.5', 'two hops believed');
    });
  });
});
