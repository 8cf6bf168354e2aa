/** Values per `in (...)` list, well under either dialect's bound-parameter limit. */
export const VALUES_PER_QUERY = 1000;

/**
 * Runs `query` once per chunk of the distinct `values` and concatenates the rows, so a lookup of many keys
 * is a few `in (...)` reads instead of one read per key.
 */
export async function inChunks<Value, Row>(
  values: readonly Value[],
  query: (chunk: Value[]) => Promise<Row[]>,
): Promise<Row[]> {
  const distinct = [...new Set(values)];
  const rows: Row[] = [];
  for (let start = 0; start < distinct.length; start += VALUES_PER_QUERY) {
    rows.push(...(await query(distinct.slice(start, start + VALUES_PER_QUERY))));
  }
  return rows;
}
