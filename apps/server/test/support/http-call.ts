import { HEADERS } from '@locscore/schema';

/** One answer of {@link call}: the status, the headers and the parsed JSON body (null for none). */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Credentials and body of one {@link call}. */
export interface CallInit {
  /** Sent as `Authorization: Bearer`. */
  token?: string;
  /** Sent as `X-API-Key`. */
  apiKey?: string;
  /** Sent as `Cookie`. */
  cookie?: string;
  /** A JSON body (`content-type: application/json`). */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Sends one request to a test server and reads its JSON answer.
 *
 * @param method - HTTP method
 * @param url - absolute URL
 * @param init - see {@link CallInit}
 */
export async function call(method: string, url: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers[HEADERS.authorization] = `Bearer ${init.token}`;
  if (init.apiKey !== undefined) headers[HEADERS.apiKey] = init.apiKey;
  if (init.cookie !== undefined) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** The `error.code` of an error answer, or null. */
export function codeOf(answer: Answer): string | null {
  const body = answer.body as { error?: { code?: string } } | null;
  return body?.error?.code ?? null;
}

/** The fields a 400 `invalid_request` names. */
export function fieldsOf(answer: Answer): string[] {
  const body = answer.body as { error?: { details?: { fields?: Array<{ field: string }> } } } | null;
  return (body?.error?.details?.fields ?? []).map((issue) => issue.field);
}
