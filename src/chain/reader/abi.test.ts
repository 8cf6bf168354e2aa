import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consumedTopics, registrySelectors } from './abi.js';

// topic0 values from reference chain.md §2.
const TOPICS = {
  Register: '0xf2e19a901b0748d8b08e428d0468896a039ac751ec4fec49b44b7b9c28097e45',
  Transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  ChangeRecoveryAddress: '0x8e700b803af43e14651431cd73c9fe7d11b131ad797576a70b893ce5766f65c3',
  Add: '0x7d285df41058466977811345cd453c0c52e8d841ffaabc74fc050f277ad4de02',
  Remove: '0x09e77066e0155f46785be12f6938a6b2e4be4381e59058129ce15f355cb96958',
  AdminReset: '0x1ecc1009ebad5d2fb61239462f4f9f6f152662defe1845fc87f07d96bd1c60b4',
  Migrated: '0xe4a25c0c2cbe89d6ad8b64c61a7dbdd20d1f781f6023f1ab94ebb7fe0aef6ab8',
  Rent: '0xaabd75b90fb7114eb9587a54f00ce5ebe8cb4a70627f3a6c26e506ffd771fe2f',
};

describe('registry event declarations', () => {
  it('have the reference topic0 per registry', () => {
    assert.deepEqual(
      [...registrySelectors.idRegistry],
      [TOPICS.Register, TOPICS.Transfer, TOPICS.ChangeRecoveryAddress],
    );
    assert.deepEqual(
      [...registrySelectors.keyRegistry],
      [TOPICS.Add, TOPICS.Remove, TOPICS.AdminReset, TOPICS.Migrated],
    );
    assert.deepEqual([...registrySelectors.storageRegistry], [TOPICS.Rent]);
  });

  it('filter logs by all eight topics', () => {
    assert.deepEqual([...consumedTopics].sort(), Object.values(TOPICS).sort());
  });
});
