import { migrationsAround } from '../testing.js';
import { nodeMigrations } from './index.js';

/** {@link migrationsAround} the node's migration `name`. Test-only. */
export const nodeMigrationsAround = (name: string) => migrationsAround(nodeMigrations, name);

/** A `signers` row of fid 1 for key `n` (one byte), written before the migration under test. */
export const signerRow = (n: number, state: string) => ({
  fid: 1,
  key: Uint8Array.of(n),
  key_type: 1,
  state,
  block_number: n,
  log_index: 0,
});
