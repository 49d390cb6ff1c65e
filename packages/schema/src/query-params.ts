import { z } from 'zod';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

/**
 * A decimal number in a query string (`lat=47.14`), checked as text first so
 * that an empty or malformed value is an error naming the field, never a
 * silent 0 as `Number('')` would give.
 *
 * @param field - the parameter's name, for messages
 * @param min - smallest accepted value
 * @param max - largest accepted value
 * @returns a schema taking a string and giving a number in `[min, max]`
 */
export function decimalParam(field: string, min: number, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number`) })
    .trim()
    .regex(DECIMAL, `${field} must be a decimal number, e.g. 47.1399`)
    .transform(Number)
    .pipe(z.number().min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`));
}

/**
 * A whole number in a query string (`limit=50`), checked as text first.
 *
 * @param field - the parameter's name, for messages
 * @param min - smallest accepted value
 * @param max - largest accepted value
 * @returns a schema taking a string and giving an integer in `[min, max]`
 */
export function wholeParam(field: string, min: number, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a whole number`) })
    .trim()
    .regex(WHOLE, `${field} must be a whole number`)
    .transform(Number)
    .pipe(z.int().min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`));
}

/**
 * The error of a query object with a parameter it does not know: a
 * misspelt filter must fail, not widen the answer.
 */
export const unknownParamError = (issue: { code: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown query parameter: ${(issue.keys ?? []).join(', ')}` : 'query must be an object';

/**
 * The error of a JSON body with a field it does not know: a misspelt field
 * must fail, not be dropped.
 */
export const unknownFieldError = (issue: { code: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown field: ${(issue.keys ?? []).join(', ')}` : 'body must be a JSON object';

/** An ISO 8601 UTC time (`2026-11-01T00:00:00Z`), naming `field` when malformed. */
export function isoTime(field: string) {
  return z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 time, e.g. 2026-11-01T00:00:00Z` });
}
