import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import protobuf from 'protobufjs';
import { HUB_SERVICE } from './hub-service.js';

describe('HubService definition', () => {
  it('serves exactly the methods of proto/rpc.proto, at their paths, streaming where the proto streams', () => {
    const file = fileURLToPath(new URL('../../../proto/rpc.proto', import.meta.url));
    const service = protobuf.loadSync(file).lookupService('HubService');
    const declared = Object.values(service.methods).map((method) => ({
      path: `/HubService/${method.name}`,
      responseStream: method.responseStream === true,
    }));
    const served = Object.values(HUB_SERVICE).map(({ path, responseStream }) => ({ path, responseStream }));
    assert.equal(declared.length, 53);
    assert.deepEqual(served, declared);
  });
});
