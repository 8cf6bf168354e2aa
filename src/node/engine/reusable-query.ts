import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands for the argument at `index` while the statement is built. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A statement that Kysely builds and compiles once per database, then runs with new arguments: for the
 * merge's point reads and single-row inserts, building and compiling cost more than SQLite takes to run
 * them. `build` gets stand-ins for the arguments and may use them only as bound values (never branch on
 * them); both dialects then prepare the same text each time (better-sqlite3 caches it by text).
 */
export function reusableQuery<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  // Keyed by the dialect adapter, which a database shares with its transactions.
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return async (db, ...args) => {
    const { adapter } = db.getExecutor();
    let template = compiled.get(adapter);
    if (template === undefined) {
      template = build(db, ...(args.map((_, index) => new Slot(index)) as Args)).compile();
      compiled.set(adapter, template);
    }
    const parameters = template.parameters.map((value) =>
      value instanceof Slot ? args[value.index] : value,
    );
    return (await db.executeQuery<Row>({ ...template, parameters })).rows;
  };
}
