import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkChainId, readerDecisions, StartRefused, storageDecision } from './decisions.js';

describe('start decisions', () => {
  it('names PostgreSQL by host and database, never its user or password', () => {
    const line = storageDecision('social', { databaseUrl: 'postgres://agora:s3cret@db.internal:5432/agora' });
    assert.equal(line, 'storage: PostgreSQL db.internal:5432/agora, schema agora_social');
  });

  it('refuses SQLite without a data directory, and a mainnet or testnet chain other than 10', () => {
    assert.throws(() => storageDecision('node', {}), StartRefused);
    assert.throws(
      () => checkChainId('testnet', 31337),
      /chain id 10, but the chain RPC serves chain id 31337/,
    );
    checkChainId('mainnet', 10);
    checkChainId('devnet', 31337);
  });

  it('warns only where the reader contradicts the chain it saw', () => {
    const lines: string[] = [];
    const log = { info: () => undefined, warn: (line: string) => lines.push(line) };
    const chain = { chainId: 10, head: 100, minesOnTransactions: false };
    readerDecisions({ nextBlock: 50, resumed: true, confirmations: 2, chain }, log);
    assert.deepEqual(lines, []);
    readerDecisions(
      { nextBlock: 50, resumed: true, confirmations: 0, chain: { ...chain, minesOnTransactions: true } },
      log,
    );
    assert.deepEqual(lines, []);
    readerDecisions(
      { nextBlock: 101, resumed: false, confirmations: 1, chain: { ...chain, minesOnTransactions: true } },
      log,
    );
    assert.equal(lines.length, 2);
  });
});
