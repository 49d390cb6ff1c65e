import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { errorFromResponse } from './error-from-response.js';
import { AbortedError, LocScoreError } from './errors.js';
import { connectionError, timeoutError } from './transport-errors.js';

/**
 * Turns what a ky call threw into the SDK's typed error: an HTTP error
 * response through {@link errorFromResponse}, the caller's abort into
 * {@link AbortedError}, a timeout into `TimeoutError`, anything else into
 * `ConnectionError`. A {@link LocScoreError} passes through.
 *
 * @param error - what ky threw
 * @param signal - the caller's signal, to tell an abort from a network error
 * @param method - HTTP method, for messages
 * @param url - absolute URL, for messages
 */
export async function toLocScoreError(error: unknown, signal: AbortSignal | undefined, method: string, url: string): Promise<LocScoreError> {
  if (error instanceof LocScoreError) return error;
  if (error instanceof HTTPError) {
    const text = await error.response.text().catch(() => '');
    return errorFromResponse(error.response.status, error.response.headers, text);
  }
  if (signal?.aborted) {
    return new AbortedError({ message: `${method.toUpperCase()} ${url} was aborted`, status: null, code: 'aborted', requestId: null, cause: signal.reason });
  }
  if (error instanceof KyTimeoutError) return timeoutError(method, url, error);
  return connectionError(method, url, error);
}
