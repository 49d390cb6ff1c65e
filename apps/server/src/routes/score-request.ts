import { ScoreRequest, type FieldIssue } from '@locscore/schema';
import { invalidRequest } from '../http/api-error.js';

/** A zod issue of a failed {@link ScoreRequest} parse. */
type Issue = NonNullable<ReturnType<typeof ScoreRequest.safeParse>['error']>['issues'][number];

/**
 * One {@link FieldIssue} per problem of a failed parse: the dotted path
 * (`address`, `category`, `webhookUrl`), `body` for the root, and one entry per
 * unknown field named after it.
 *
 * @param issues - zod issues
 */
export function fieldIssues(issues: readonly Issue[]): FieldIssue[] {
  const fields: FieldIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: key, message: `unknown field: ${key}` });
      continue;
    }
    const field = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    fields.push({ field, message: issue.message });
  }
  return fields;
}

/**
 * Validates a parsed JSON body against {@link ScoreRequest}.
 *
 * @param body - `req.body`
 * @returns the request, address trimmed
 * @throws ApiError 400 `invalid_request` listing every invalid field
 */
export function parseScoreRequest(body: unknown): ScoreRequest {
  const parsed = ScoreRequest.safeParse(body);
  if (!parsed.success) throw invalidRequest(fieldIssues(parsed.error.issues));
  return parsed.data;
}
