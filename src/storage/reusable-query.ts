import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/** Stands for the argument at `index` while the statement is built. */
class Slot {
  constructor(readonly index: number) {}
}

type Run<DB, Args extends unknown[], Row> = (db: Kysely<DB>, ...args: Args) => Promise<Row[]>;

/**
 * A statement that Kysely builds and compiles once per database, then runs with new arguments: for point
 * reads, small pages and single-row inserts, building and compiling cost more than SQLite takes to run
 * them (in a server, where other work keeps evicting Kysely's code and objects from the caches, about a
 * third of a simple read's CPU time). `build` gets stand-ins for the arguments and may use them only as
 * bound values (never branch on them); both dialects then prepare the same text each time (better-sqlite3
 * caches it by text).
 */
export function reusableQuery<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): Run<DB, Args, Row> {
  const run = reusableStatement(build);
  return async (db, ...args) => (await run(db, ...args)).rows;
}

/** A {@link reusableQuery} answering with the whole result: also how many rows a write changed. */
export function reusableStatement<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<QueryResult<Row>> {
  // Keyed by the dialect adapter, which a database shares with its transactions.
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return (db, ...args) => {
    const { adapter } = db.getExecutor();
    let template = compiled.get(adapter);
    if (template === undefined) {
      template = build(db, ...(args.map((_, index) => new Slot(index)) as Args)).compile();
      compiled.set(adapter, template);
    }
    const parameters = template.parameters.map((value) =>
      value instanceof Slot ? args[value.index] : value,
    );
    return db.executeQuery<Row>({ ...template, parameters });
  };
}

/**
 * A {@link reusableQuery} per shape of a query whose clauses depend on its request (which filters are
 * given, the direction of a page): `build` may branch on `shape`, never on the arguments. `keyOf` names
 * a shape; each one is compiled the first time it is asked for.
 */
export function reusableQueryByShape<Shape, DB, Args extends unknown[], Row>(
  keyOf: (shape: Shape) => string,
  build: (shape: Shape, db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (shape: Shape, db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const byShape = new Map<string, Run<DB, Args, Row>>();
  return (shape, db, ...args) => {
    const key = keyOf(shape);
    let run = byShape.get(key);
    if (run === undefined) {
      run = reusableQuery((shapeDb: Kysely<DB>, ...slots: Args) => build(shape, shapeDb, ...slots));
      byShape.set(key, run);
    }
    return run(db, ...args);
  };
}

/** Values per {@link reusableListQuery} statement: each list length up to it has a statement of its own. */
const LIST_CHUNK = 64;

/**
 * A read by a list of values (`in (...)`, a VALUES list) that Kysely builds and compiles once per list
 * length instead of once per call: for the few keys of a merge batch, building and compiling cost about as
 * much as SQLite takes to run it. `build` gets stand-ins for the distinct values and for `args`, and may use
 * them only as bound values; a longer list runs in chunks of 64, whose rows come back together.
 */
export function reusableListQuery<DB, Value, Row, Args extends unknown[] = []>(
  build: (db: Kysely<DB>, values: Value[], ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, values: readonly Value[], ...args: Args) => Promise<Row[]> {
  const run = reusableQueryByShape(
    (length: number) => String(length),
    (length: number, db: Kysely<DB>, ...slots: unknown[]) =>
      build(db, slots.slice(0, length) as Value[], ...(slots.slice(length) as Args)),
  );
  return async (db, values, ...args) => {
    const distinct = [...new Set(values)];
    const rows: Row[] = [];
    for (let start = 0; start < distinct.length; start += LIST_CHUNK) {
      const chunk = distinct.slice(start, start + LIST_CHUNK);
      rows.push(...(await run(chunk.length, db, ...chunk, ...args)));
    }
    return rows;
  };
}
