import { InvalidResponseError } from './errors.js';

/** The part of a zod schema the client uses to validate a response body. */
export interface ResponseSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/** Where a body came from, for error messages. */
export interface ResponseOrigin {
  /** `get` or `post`. */
  method: string;
  /** Request path, e.g. `/api/franchisor/score`. */
  path: string;
  /** HTTP status of the response. */
  status: number;
  /** `X-Request-Id` of the response, or `null`. */
  requestId: string | null;
}

/**
 * Parses a successful response body as JSON and validates it with its
 * `@locscore/schema` schema.
 *
 * @param text - the raw body
 * @param schema - the schema of the expected body
 * @param schemaName - its name, for the message (`ScoreResult`…)
 * @param origin - method, path, status and request id of the response
 * @returns the validated value
 * @throws {InvalidResponseError} the body is not JSON, or does not match (the first five issues are named)
 */
export function parseResponseBody<T>(text: string, schema: ResponseSchema<T>, schemaName: string, origin: ResponseOrigin): T {
  const { method, path, status, requestId } = origin;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InvalidResponseError({
      message: `${method.toUpperCase()} ${path} answered ${status} with a body that is not JSON`,
      status,
      code: 'invalid_response',
      requestId,
      cause: error,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    throw new InvalidResponseError({
      message: `${method.toUpperCase()} ${path} answered ${status} with a body that does not match ${schemaName}: ${issues}`,
      status,
      code: 'invalid_response',
      requestId,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
