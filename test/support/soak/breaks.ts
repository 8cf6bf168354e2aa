/**
 * Rules the load generator can be told to break (`--break <rule>`), to show that the soak notices: a run
 * with one of them must fail with the refusal in its report (test/soak-names.test.ts does it for names).
 */
export const BREAKS = {
  'names-timestamp': "the names load signs each transfer with the name's latest timestamp (registry rule 10)",
} as const;

export type Break = keyof typeof BREAKS;

export function parseBreaks(values: readonly string[]): Set<Break> {
  for (const value of values) {
    if (!Object.hasOwn(BREAKS, value)) {
      throw new Error(`--break ${value}: unknown rule (known: ${Object.keys(BREAKS).join(', ')})`);
    }
  }
  return new Set(values as Break[]);
}
