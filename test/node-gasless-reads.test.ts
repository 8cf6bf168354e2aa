/**
 * The unified signer reads and the address relation read, over HTTP with Snapchain's JSON field
 * names, and over gRPC with the real hub-nodejs client, which must answer what HTTP answers: on-chain keys
 * first, then gasless keys in key order, paged both ways.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { MessageType, SignerInfo } from '@farcaster/core';
import type { Json } from '../src/node/http/testing.js';
import { signerJson } from '../src/node/http/render.js';
import { mergeOnChainEvents } from '../src/node/onchain/index.js';
import { signerEvent, signerKey } from '../src/node/onchain/testing.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { Signer } from '../src/protocol/gen/request_response.js';
import { hexToBytes } from '../src/protocol/hex.js';
import { forEachDialect } from '../src/storage/testing.js';
import { errorOf, ok } from './support/grpc-results.js';
import {
  accepted,
  ed25519Signer,
  hex,
  keyAdd,
  openGaslessNode,
  publicKey,
  setUpAccount,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

const EPOCH_SECONDS = 1_609_459_200;

/** A record the client decoded, rendered as the HTTP API renders ours. */
const bytes = (text: string) => hexToBytes(text) ?? new Uint8Array();

const grpcSignerJson = (signer: SignerInfo | undefined): Json =>
  signerJson(Signer.decode(SignerInfo.encode(signer ?? SignerInfo.create()).finish()));

forEachDialect('node signer reads', (dialect) => {
  let node: GaslessNode;
  let frank: Account;
  let app: Account;
  /** Frank's gasless keys, in key byte order. */
  let gasless: string[];
  let added: number;

  before(async () => {
    node = await openGaslessNode(dialect);
    frank = await setUpAccount(node.database.db, 8);
    app = await setUpAccount(node.database.db, 9);
    // A second on-chain key, so the on-chain part of the list has two rows.
    const second = signerEvent(frank.fid, signerKey(8), SignerEventType.ADD, { block: 300 });
    for (const result of await mergeOnChainEvents(node.database.db, [second], node.clock))
      assert.ok(result.ok);
    added = node.now();
    const keys = [31, 32, 33].map(ed25519Signer);
    for (const [n, key] of keys.entries()) {
      const scopes = [MessageType.CAST_ADD, MessageType.REACTION_ADD];
      await accepted(node, await keyAdd(node, frank, key, { app, nonce: n + 1, scopes, ttl: 7200 }));
    }
    gasless = (await Promise.all(keys.map(publicKey))).map(hex).sort();
  });
  after(() => node?.close());

  const http = async (path: string): Promise<Json> => {
    const { status, body } = await node.get(path);
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
    return body;
  };

  it('answers /v1/signer with Snapchain’s field names, on-chain and gasless', async () => {
    const [first = ''] = gasless;
    const { signer } = await http(`/v1/signer?fid=${frank.fid}&signer=${first}`);
    assert.deepEqual(signer, {
      source: 'SIGNER_SOURCE_OFFCHAIN',
      key: first,
      keyType: 1,
      fid: frank.fid,
      addedAt: added + EPOCH_SECONDS,
      lastUsedAt: added + EPOCH_SECONDS,
      ttl: 7200,
      expiresAt: added + EPOCH_SECONDS + 7200,
      scopes: ['MESSAGE_TYPE_CAST_ADD', 'MESSAGE_TYPE_REACTION_ADD'],
      requestFid: app.fid,
      nonce: signer.nonce,
    });
    const onChainKey = hex(await publicKey(frank.signer));
    const onChain = (await http(`/v1/signer?fid=${frank.fid}&signer=${onChainKey.slice(2)}`)).signer;
    assert.deepEqual(Object.keys(onChain), ['source', 'key', 'keyType', 'fid', 'addedAt', 'onChainEvent']);
    assert.equal(onChain.source, 'SIGNER_SOURCE_ONCHAIN');
    assert.equal(onChain.onChainEvent.signerEventBody.key, onChainKey);
    assert.equal(onChain.addedAt, onChain.onChainEvent.blockTimestamp);

    const missing = await node.get(`/v1/signer?fid=${app.fid}&signer=${first}`);
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errCode, 'not_found');
    assert.equal(missing.body.details, 'Active signer not found');
  });

  it('lists on-chain keys first, then gasless keys in key order, with counts and nonces', async () => {
    const body = await http(`/v1/signersByFid?fid=${frank.fid}&requesterFids=${app.fid}`);
    assert.deepEqual(Object.keys(body), [
      'signers',
      'gaslessSignerCount',
      'gaslessSignerLimit',
      'currentUserNonce',
      'requesterFidNonces',
    ]);
    assert.deepEqual(
      body.signers.map((signer: Json) => signer.source),
      ['SIGNER_SOURCE_ONCHAIN', 'SIGNER_SOURCE_ONCHAIN', ...gasless.map(() => 'SIGNER_SOURCE_OFFCHAIN')],
    );
    assert.deepEqual(
      body.signers.slice(2).map((signer: Json) => signer.key),
      gasless,
    );
    assert.equal(body.gaslessSignerCount, 3);
    assert.equal(body.gaslessSignerLimit, 1000);
    assert.equal(body.currentUserNonce, 3);
    assert.deepEqual(body.requesterFidNonces, { [app.fid]: 0 });
    assert.equal('requesterFidNonces' in (await http(`/v1/signersByFid?fid=${app.fid}`)), false);
  });

  it('pages the one list both ways, over HTTP and gRPC alike', async () => {
    const all = (await http(`/v1/signersByFid?fid=${frank.fid}`)).signers.map((s: Json) => s.key);
    for (const reverse of [false, true]) {
      const viaHttp: string[][] = [];
      const viaGrpc: string[][] = [];
      let token: string | undefined;
      do {
        const query = `fid=${frank.fid}&pageSize=2&reverse=${reverse}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
        const page = await http(`/v1/signersByFid?${query}`);
        viaHttp.push(page.signers.map((s: Json) => s.key));
        const overGrpc = ok(
          await node.client.getSignersByFid({
            fid: frank.fid,
            pageSize: 2,
            reverse,
            requesterFids: [],
            ...(token && { pageToken: Buffer.from(token, 'base64') }),
          }),
        );
        viaGrpc.push(overGrpc.signers.map((s) => hex(s.key)));
        assert.equal(
          Buffer.from(overGrpc.nextPageToken ?? []).toString('base64') || undefined,
          page.nextPageToken,
        );
        token = page.nextPageToken;
      } while (token !== undefined);
      assert.deepEqual(viaGrpc, viaHttp);
      // Five signers in pages of two: the last page has one, and no token follows it.
      assert.deepEqual(viaHttp.flat(), reverse ? [...all].reverse() : all);
      assert.equal(viaHttp.length, 3);
    }
  });

  it('answers gRPC GetSigner and GetSignersByFid as HTTP does', async () => {
    for (const key of [gasless[1] ?? '', hex(await publicKey(frank.signer))]) {
      const viaHttp = (await http(`/v1/signer?fid=${frank.fid}&signer=${key}`)).signer;
      const overGrpc = ok(await node.client.getSigner({ fid: frank.fid, signer: bytes(key) }));
      assert.deepEqual(grpcSignerJson(overGrpc.signer), viaHttp);
    }
    const viaHttp = await http(`/v1/signersByFid?fid=${frank.fid}&requester_fids=${app.fid}`);
    const overGrpc = ok(await node.client.getSignersByFid({ fid: frank.fid, requesterFids: [app.fid] }));
    assert.deepEqual(overGrpc.signers.map(grpcSignerJson), viaHttp.signers);
    assert.deepEqual(
      {
        gaslessSignerCount: overGrpc.gaslessSignerCount,
        gaslessSignerLimit: overGrpc.gaslessSignerLimit,
        currentUserNonce: overGrpc.currentUserNonce,
        requesterFidNonces: overGrpc.requesterFidNonces,
      },
      {
        gaslessSignerCount: viaHttp.gaslessSignerCount,
        gaslessSignerLimit: viaHttp.gaslessSignerLimit,
        currentUserNonce: viaHttp.currentUserNonce,
        requesterFidNonces: viaHttp.requesterFidNonces,
      },
    );
    const missing = errorOf(await node.client.getSigner({ fid: app.fid, signer: bytes(gasless[0] ?? '') }));
    assert.deepEqual(missing, { errCode: 'not_found', message: 'Active signer not found' });
  });

  it('answers /v1/fidAddressType in snake case, and gRPC GetFidAddressType alike', async () => {
    const custody = frank.custody.address.toLowerCase();
    const cases: [number, string, Json][] = [
      [frank.fid, custody, { is_custody: true, is_auth: false, is_verified: false }],
      [app.fid, custody, { is_custody: false, is_auth: false, is_verified: false }],
      [4242, custody, { is_custody: false, is_auth: false, is_verified: false }],
    ];
    for (const [fid, address, expected] of cases) {
      assert.deepEqual(await http(`/v1/fidAddressType?fid=${fid}&address=${address}`), expected);
      const overGrpc = ok(await node.client.getFidAddressType({ fid, address: bytes(address) }));
      assert.deepEqual(
        { is_custody: overGrpc.isCustody, is_auth: overGrpc.isAuth, is_verified: overGrpc.isVerified },
        expected,
      );
    }
    // An auth address: a key of type 2 the Key Registry added to the fid.
    const auth = bytes(app.custody.address);
    const event = signerEvent(frank.fid, auth, SignerEventType.ADD, { block: 301 }, { keyType: 2 });
    for (const result of await mergeOnChainEvents(node.database.db, [event], node.clock))
      assert.ok(result.ok);
    assert.deepEqual(await http(`/v1/fidAddressType?fid=${frank.fid}&address=${hex(auth)}`), {
      is_custody: false,
      is_auth: true,
      is_verified: false,
    });
  });
});
