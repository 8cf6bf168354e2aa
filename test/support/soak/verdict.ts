/**
 * Whether a soak run passes: no unexpected answer (beyond --max-errors), no exception in the load, no
 * process whose memory grows, every load module's end-of-run check met, and not interrupted. Each failure
 * says what failed; an unexpected answer comes with the body of its first occurrence.
 */

/** Unexpected answers of one kind: service, operation, status and error code. */
export interface UnexpectedKind {
  key: string;
  count: number;
  /** The body of the first such answer (cut to 300 characters). */
  sample: string;
}

export interface RunFacts {
  unexpected: readonly UnexpectedKind[];
  /** Operations that threw, also counted among the unexpected answers. */
  exceptions: number;
  maxErrors: number;
  /** Per process: whether its memory grows. */
  memory: readonly { label: string; grows: boolean }[];
  /** Failures the load modules found at the end (event streams against the log, ...). */
  checks: readonly string[];
  interrupted: boolean;
}

export function failuresOf(facts: RunFacts): string[] {
  const failures: string[] = [];
  const errors = facts.unexpected.reduce((sum, kind) => sum + kind.count, 0);
  if (errors > facts.maxErrors) {
    const first = facts.unexpected[0];
    failures.push(
      `${errors} unexpected answers (${facts.exceptions} exceptions)` +
        (first === undefined ? '' : `, first: ${first.key}: ${first.sample}`),
    );
  }
  for (const { label, grows } of facts.memory) if (grows) failures.push(`${label}: memory grows`);
  failures.push(...facts.checks);
  if (facts.interrupted) failures.push('interrupted');
  return failures;
}

/** The report's closing lines: PASS, or FAIL and each failure (the exit code says the same). */
export function resultLine(failures: readonly string[]): string {
  return failures.length === 0
    ? 'result: PASS'
    : `result: FAIL\n${failures.map((f) => `  - ${f}`).join('\n')}`;
}
