import type { FieldIssue } from '@locscore/schema';
import type { z } from 'zod';
import { invalidRequest } from './api-error.js';

/** What unknown keys are called in messages: body fields, or query parameters. */
type Place = 'field' | 'query parameter';

/**
 * One {@link FieldIssue} per problem of a failed zod parse: the dotted path
 * (`address`, `plan`, `radius`), `body` for the root, and one entry per
 * unknown key named after it (`unknown field: colour`,
 * `unknown query parameter: colour`).
 *
 * @param issues - zod issues
 * @param place - what unknown keys are; default `field`
 * @param root - the name of the whole value; default `body`
 */
export function fieldIssues(issues: readonly z.core.$ZodIssue[], place: Place = 'field', root = 'body'): FieldIssue[] {
  const fields: FieldIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: key, message: `unknown ${place}: ${key}` });
      continue;
    }
    const field = issue.path.length === 0 ? root : issue.path.map(String).join('.');
    fields.push({ field, message: issue.message });
  }
  return fields;
}

/**
 * Validates a parsed JSON body.
 *
 * @throws ApiError 400 `invalid_request` naming every bad field
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidRequest(fieldIssues(parsed.error.issues));
  return parsed.data;
}

/**
 * Validates a query string (`req.query`, each value a string; a repeated
 * parameter is an array, which the schemas refuse).
 *
 * @throws ApiError 400 `invalid_request` naming every bad or unknown parameter
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) throw invalidRequest(fieldIssues(parsed.error.issues, 'query parameter', 'query'));
  return parsed.data;
}

/**
 * Validates one path parameter.
 *
 * @param field - its name in messages, e.g. `requestId`
 * @throws ApiError 400 `invalid_request` naming `field`
 */
export function parseParam<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest([{ field, message: parsed.error.issues[0]?.message ?? `${field} is invalid` }]);
  return parsed.data;
}
