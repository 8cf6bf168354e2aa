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
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `${path || 'value'} must be a finite number`;
  if (typeof value === 'string') {
    return rejectNul && value.includes('\0')
      ? `${path || 'value'} must not contain NUL characters`
      : undefined;
  }
  // Raw bodies (the node's protobuf) are bytes, not values.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const problem = unacceptableInput(item, rejectNul, path === '' ? key : `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
