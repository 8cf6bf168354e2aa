/**
 * Values a schema cannot keep out: ajv's type coercion turns "1e309" into Infinity after the range
 * checks would have caught a number, and NUL is valid JSON text that PostgreSQL cannot store in a text
 * column. Found in parsed request parts, either is a request fault (400), never a database error.
 */

/** Thrown with status 400, so every service's renderer answers it as a bad request. */
export class UnacceptableInputError extends Error {
  override readonly name = 'UnacceptableInputError';
  readonly statusCode = 400;
}

/** Describes the first unacceptable value in `value`, or undefined when there is none. */
export function unacceptableInput(value: unknown, rejectNul: boolean, path = ''): string | undefined {
  const found = firstFault(value, rejectNul);
  if (found === undefined) return undefined;
  let at = path;
  for (const key of found.keys.reverse()) at = at === '' ? key : `${at}.${key}`;
  return `${at || 'value'} ${found.fault}`;
}

/**
 * The first unacceptable value's fault and keys, innermost first. Every request's query and body are
 * walked, and most have nothing to report, so the keys are gathered only on the way back from a fault.
 */
function firstFault(value: unknown, rejectNul: boolean): { fault: string; keys: string[] } | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : { fault: 'must be a finite number', keys: [] };
  if (typeof value === 'string') {
    return rejectNul && value.includes('\0')
      ? { fault: 'must not contain NUL characters', keys: [] }
      : undefined;
  }
  // Raw bodies (the node's protobuf) are bytes, not values.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return undefined;
  const fields = value as Record<string, unknown>;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const found = firstFault(fields[key], rejectNul);
    if (found !== undefined) {
      found.keys.push(key);
      return found;
    }
  }
  return undefined;
}
