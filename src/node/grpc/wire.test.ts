import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeStatusMessage, FrameReader, framed, parseTimeout } from './wire.js';

describe('gRPC framing', () => {
  it('reads messages however the chunks split them, prefixes included', () => {
    const stream = Buffer.concat([
      framed(Buffer.from('first')),
      framed(Buffer.alloc(0)),
      framed(Buffer.from('third')),
    ]);
    for (let size = 1; size <= stream.length; size += 1) {
      const reader = new FrameReader(100);
      for (let at = 0; at < stream.length; at += size) {
        assert.equal(reader.push(stream.subarray(at, at + size)), undefined);
      }
      assert.equal(reader.end(), undefined);
      assert.deepEqual(
        reader.messages.map((message) => message.toString()),
        ['first', '', 'third'],
        `chunks of ${size}`,
      );
    }
  });

  it('refuses a message over the bound from its prefix alone, and a compressed one', () => {
    const oversize = new FrameReader(4);
    assert.deepEqual(oversize.push(framed(Buffer.from('12345')).subarray(0, 5)), {
      kind: 'oversize',
      size: 5,
    });
    const compressed = framed(Buffer.from('zip'));
    compressed[0] = 1;
    assert.deepEqual(new FrameReader(100).push(compressed), { kind: 'compressed' });
  });

  it('reports a request cut short in its prefix or its body', () => {
    const inPrefix = new FrameReader(100);
    inPrefix.push(Buffer.from([0, 0]));
    assert.deepEqual(inPrefix.end(), { kind: 'truncated' });
    const inBody = new FrameReader(100);
    inBody.push(framed(Buffer.from('body')).subarray(0, 7));
    assert.deepEqual(inBody.end(), { kind: 'truncated' });
    assert.deepEqual(inBody.messages, []);
  });

  it('reads grpc-timeout in every unit, and ignores what is malformed or past what a timer can wait', () => {
    assert.equal(parseTimeout('2H'), 7_200_000);
    assert.equal(parseTimeout('3M'), 180_000);
    assert.equal(parseTimeout('5S'), 5000);
    assert.equal(parseTimeout('250m'), 250);
    assert.equal(parseTimeout('1500u'), 1.5);
    assert.equal(parseTimeout('2000000n'), 2);
    for (const bad of [undefined, '', '5', 'S', '123456789S', '1.5S', '-1S', '5s']) {
      assert.equal(parseTimeout(bad), undefined, String(bad));
    }
    assert.equal(parseTimeout('99999999H'), undefined);
  });

  it('percent-encodes a status message as grpc-js clients decode it', () => {
    for (const details of ['plain: ok, 100% / done?', 'naïve “quotes”', 'line\nbreak']) {
      assert.equal(decodeURI(encodeStatusMessage(details)), details);
      assert.match(encodeStatusMessage(details), /^[\x20-\x7e]*$/);
    }
    assert.equal(decodeURI(encodeStatusMessage('lone \ud800 surrogate')), 'lone ? surrogate');
  });
});
