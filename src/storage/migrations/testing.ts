import type { MigrationSet } from '../migration.js';

/**
 * The migrations of `set` before `name`, and through it: a migration's test runs the first, writes rows as
 * they were, then runs the second, so migrations added later change nothing in it. Test-only.
 */
export function migrationsAround(
  set: MigrationSet,
  name: string,
): { before: MigrationSet; through: MigrationSet } {
  const upTo = (last: (other: string) => boolean) =>
    Object.fromEntries(Object.entries(set).filter(([other]) => last(other)));
  return { before: upTo((other) => other < name), through: upTo((other) => other <= name) };
}
