import { missingCredentialsError } from './credentials.js';
import { AbortedError, type AuthenticationError, ConnectionError, TimeoutError } from './errors.js';

/**
 * The error of a `LocScoreClient` call made without an API key (nothing is sent).
 *
 * @returns an {@link AuthenticationError} with code `missing_api_key`
 */
export function missingApiKeyError(): AuthenticationError {
  return missingCredentialsError('No API key: pass { apiKey } to new LocScoreClient() or set the LOCSCORE_API_KEY environment variable', 'missing_api_key');
}

/**
 * The error of a call whose `signal` fired (before, during or between attempts). Never retried.
 *
 * @param method - the HTTP method
 * @param url - the absolute URL
 * @param reason - the signal's reason
 */
export function abortedError(method: string, url: string, reason: unknown): AbortedError {
  return new AbortedError({ message: `${method.toUpperCase()} ${url} was aborted`, status: null, code: 'aborted', requestId: null, cause: reason });
}

/**
 * The error of an attempt that ran out of time, after the retries.
 *
 * @param method - the HTTP method
 * @param url - the absolute URL
 * @param cause - the transport's own timeout error, when it raised one
 */
export function timeoutError(method: string, url: string, cause?: unknown): TimeoutError {
  return new TimeoutError({ message: `${method.toUpperCase()} ${url} timed out`, status: null, code: 'timeout', requestId: null, cause });
}

/**
 * The error of a request that got no response (DNS, refused or reset connection), after the retries.
 *
 * @param method - the HTTP method
 * @param url - the absolute URL
 * @param error - the transport's error; its message (and its cause's) go into the message
 */
export function connectionError(method: string, url: string, error: unknown): ConnectionError {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectionError({
    message: `${method.toUpperCase()} ${url} failed: ${message}${cause}`,
    status: null,
    code: 'connection_error',
    requestId: null,
    cause: error,
  });
}
