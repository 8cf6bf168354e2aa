import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mnemonicToAccount } from 'viem/accounts';
import { DEVNET_ACCOUNTS, deriveDevAccounts } from './accounts.js';
import { DEVNET_MNEMONIC } from './launch.js';

describe('dev accounts', () => {
  const accounts = deriveDevAccounts();

  it("are the test mnemonic's first 10, account 0 being the well-known 0xf39F…2266", () => {
    assert.equal(accounts.length, 10);
    assert.deepEqual(accounts[0], {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    });
  });

  it('are the table the devnet starts with', () => {
    assert.deepEqual(DEVNET_ACCOUNTS, accounts);
  });

  it("match viem's own mnemonic derivation", () => {
    for (const index of [1, 9]) {
      assert.equal(
        accounts[index]?.address,
        mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index }).address,
      );
    }
  });
});
