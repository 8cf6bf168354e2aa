import type { MigrationSet } from '../../migration.js';
import { nodeMigrations } from './index.js';

/**
 * The node migrations before `name`, and through it: a migration's test runs these two, so migrations
 * added later change nothing in it. Test-only.
 */
export function nodeMigrationsAround(name: string): { before: MigrationSet; through: MigrationSet } {
  const upTo = (last: (other: string) => boolean) =>
    Object.fromEntries(Object.entries(nodeMigrations).filter(([other]) => last(other)));
  return { before: upTo((other) => other < name), through: upTo((other) => other <= name) };
}

/** A `signers` row of fid 1 for key `n` (one byte), written before the migration under test. */
export const signerRow = (n: number, state: string) => ({
  fid: 1,
  key: Uint8Array.of(n),
  key_type: 1,
  state,
  block_number: n,
  log_index: 0,
});
