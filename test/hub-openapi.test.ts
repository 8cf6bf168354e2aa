import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Factories } from '@farcaster/core';
import { createOpenApiValidator, loadHubOpenApi } from './support/hub-openapi.js';
import type { OpenApiDocument } from './support/hub-openapi.js';
import { referenceJson } from './support/node-journey-setup.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The OpenAPI validator itself: conforming bodies pass, and each kind of fault is caught. */
describe('hub OpenAPI validator', () => {
  const openApi = loadHubOpenApi();
  const castById = (body: unknown) =>
    openApi.errors({ method: 'GET', url: '/v1/castById?fid=1', status: 200, body });
  const cast = async (): Promise<Json> => referenceJson(await Factories.CastAddMessage.create());

  it('accepts a cast as the hub renders it', async () => {
    assert.deepEqual(castById(await cast()), []);
  });

  it('refuses a missing required field, a wrong type, a bad pattern and an unknown enum value', async () => {
    const faults: [string, (body: Json) => void, RegExp][] = [
      ['no hash', (body) => delete body.hash, /must have required property 'hash'/],
      ['fid as text', (body) => (body.data.fid = '1'), /\/data\/fid must be integer/],
      ['signature not base64', (body) => (body.signature = 'not base64!'), /\/signature must match pattern/],
      [
        'unknown scheme',
        (body) => (body.hashScheme = 'HASH_SCHEME_SHA1'),
        /\/hashScheme must be equal to one/,
      ],
      ['no cast body', (body) => delete body.data.castAddBody, /castAddBody/],
    ];
    for (const [what, spoil, complaint] of faults) {
      const body = await cast();
      spoil(body);
      const errors = castById(body);
      assert.ok(
        errors.some((e) => complaint.test(e)),
        `${what}: ${JSON.stringify(errors)}`,
      );
    }
  });

  it('applies discriminator mappings: a type must come with its own body', async () => {
    const reaction = referenceJson(await Factories.ReactionAddMessage.create()) as Json;
    const submit = (body: unknown) =>
      openApi.errors({ method: 'POST', url: '/v1/submitMessage', status: 200, body });
    assert.deepEqual(submit(reaction), []);
    // A reaction body under a cast type matches one oneOf branch; only the mapping catches it.
    reaction.data.type = 'MESSAGE_TYPE_CAST_ADD';
    assert.ok(submit(reaction).some((e) => /castAddBody/.test(e)));

    const event = { type: 'HUB_EVENT_TYPE_MERGE_ON_CHAIN_EVENT', id: 1, mergeMessageBody: {} };
    const errors = openApi.errors({ method: 'GET', url: '/v1/eventById', status: 200, body: event });
    assert.ok(
      errors.some((e) => /mergeOnChainEventBody/.test(e)),
      JSON.stringify(errors),
    );
  });

  it('checks error statuses against the default ErrorResponse', () => {
    const body = {
      errCode: 'not_found',
      presentable: false,
      name: 'HubError',
      code: 5,
      details: 'castAddMessage not found for 1',
      metadata: { errcode: ['not_found'] },
    };
    const error = (value: unknown) =>
      openApi.errors({ method: 'GET', url: '/v1/castById', status: 400, body: value });
    assert.deepEqual(error(body), []);
    assert.ok(error({ ...body, metadata: {} }).some((e) => /errcode/.test(e)));
  });

  it('throws for an operation the document does not have', () => {
    assert.throws(
      () => openApi.errors({ method: 'GET', url: '/v1/nope', status: 200, body: {} }),
      /no operation/,
    );
    assert.throws(() => openApi.errors({ method: 'DELETE', url: '/v1/castById', status: 200, body: {} }));
  });

  it('relaxes only what an exception patches', () => {
    const fids = { method: 'GET', url: '/v1/fids', status: 200, body: { fids: [1] } };
    assert.equal(openApi.errors(fids).length, 1);
    const relaxed = loadHubOpenApi([
      {
        name: 'fids without a token',
        why: 'test',
        patch: (document) => (document.components.schemas.FidsResponse!.required = ['fids']),
      },
    ]);
    assert.deepEqual(relaxed.errors(fids), []);
    assert.equal(relaxed.errors({ ...fids, body: { fids: ['1'] } }).length, 1);
  });

  describe('on a small document', () => {
    const document: OpenApiDocument = {
      paths: {
        '/thing': {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            },
          },
        },
      },
      components: {
        schemas: {
          Thing: {
            type: 'object',
            required: ['id', 'note', 'child'],
            properties: {
              id: { type: 'integer', format: 'uint64', example: 3 },
              note: { type: 'string', nullable: true },
              child: { $ref: '#/components/schemas/Child', nullable: true },
            },
          },
          Child: {
            type: 'object',
            required: ['url'],
            properties: { url: { type: 'string', format: 'uri' } },
          },
        },
      },
    };
    const validator = createOpenApiValidator(document);
    const thing = (body: unknown) => validator.errors({ method: 'GET', url: '/thing', status: 200, body });

    it('follows $ref between components and honours nullable, with and without a type', () => {
      assert.deepEqual(thing({ id: 1, note: null, child: null }), []);
      assert.deepEqual(thing({ id: 1, note: 'n', child: { url: 'https://a.example/' } }), []);
      assert.notDeepEqual(thing({ id: 1, note: 2, child: null }), []);
      assert.notDeepEqual(thing({ id: 1, note: null, child: {} }), []);
    });

    it('checks formats, including uint64', () => {
      assert.notDeepEqual(thing({ id: -1, note: null, child: null }), []);
      assert.notDeepEqual(thing({ id: 1, note: null, child: { url: 'not a uri' } }), []);
    });
  });
});
