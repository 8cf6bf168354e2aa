/**
 * `agora node` whose signer revocation for one fid hangs, for the crash test of durable revocation
 * (test/node-revocation-durable.test.ts): run as `node --import tsx <this file> <database options JSON>
 * <fid> <agora node flags>`, it serves on that (migrated) database, prints `listening on <url>`, and prints
 * `revocation hanging` when the fid's revocation starts, which then never ends: the test kills it there,
 * after the on-chain reset committed and before any message was revoked. Other fids revoke as usual.
 */
import { pathToFileURL } from 'node:url';
import { startNodeService } from '../../src/node/index.js';
import type { NodeTables } from '../../src/node/store/schema.js';
import { COMMANDS, parseCommand } from '../../src/shared/config/index.js';
import { openDatabase } from '../../src/storage/index.js';

export const HANGING_NODE = new URL(import.meta.url);

async function main([options, fid, ...flags]: string[]): Promise<void> {
  if (options === undefined || fid === undefined) throw new Error('usage: <database options> <fid> <flags>');
  const { config } = parseCommand('node', COMMANDS.node.options, flags, {});
  const database = await openDatabase<NodeTables>(JSON.parse(options) as object);
  const node = await startNodeService(config, {
    database,
    wrapRevocation: (revoke) => async (revokedFid, key) => {
      if (revokedFid !== Number(fid)) return revoke(revokedFid, key);
      console.log('revocation hanging');
      return new Promise<never>(() => undefined);
    },
  });
  console.log(`listening on ${node.url}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
