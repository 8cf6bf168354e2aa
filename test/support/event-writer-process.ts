/**
 * Another node process on the same PostgreSQL schema, for tests of streams that must see merges made
 * elsewhere: run as `node --import tsx <this file> <database url> <schema> <fid> <count>`, it merges
 * `writerCasts(fid, count)` through an engine of its own (the fid's account must exist) and exits 0.
 */
import { pathToFileURL } from 'node:url';
import { castAdd, signerFor, testEngine } from '../../src/node/engine/testing.js';
import { address } from '../../src/node/onchain/testing.js';
import type { NodeTables } from '../../src/node/store/schema.js';
import type { ReceivedMessage } from '../../src/protocol/message.js';
import { openDatabase } from '../../src/storage/index.js';

export const WRITER_PROCESS = new URL(import.meta.url);

/** The casts the process merges: the same bytes in every process (deterministic signatures). */
export function writerCasts(fid: number, count: number): ReceivedMessage[] {
  const account = { fid, signer: signerFor(fid), custody: address(fid) };
  return Array.from({ length: count }, (_, i) => castAdd(account, `from another process ${i}`));
}

async function main([url, schema, fid, count]: string[]): Promise<void> {
  if (url === undefined || schema === undefined) throw new Error('usage: <url> <schema> <fid> <count>');
  const database = await openDatabase<NodeTables>({ url, schema, poolSize: 2 });
  try {
    const engine = testEngine(database.db);
    // One merge per cast, so the subscriber sees them arrive one commit at a time.
    for (const message of writerCasts(Number(fid), Number(count))) {
      const [outcome] = await engine.mergeMessages([message]);
      if (outcome?.ok !== true) throw new Error(`merge refused: ${JSON.stringify(outcome)}`);
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
