/** HTTP methods as they go on the wire. */
export type WireMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One HTTP attempt, as the transport built it: the same object is sent again on each retry. */
export interface WireRequest {
  method: WireMethod;
  /** Server origin, e.g. `http://127.0.0.1:8787`. */
  origin: string;
  /** Path and query from the origin, the base URL's own path included, e.g. `/api/franchisor/score`. */
  path: string;
  /** Request headers, lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** JSON text of the body, or `undefined` for none. */
  body: string | undefined;
}

/** A whole response: status, headers and the body read to its end. */
export interface WireResponse {
  /** HTTP status after redirects. */
  status: number;
  /**
   * One response header.
   *
   * @param name - header name, any case
   * @returns the value (repeated headers joined with `, `, as `Headers.get` does), or `null` when absent
   */
  header(name: string): string | null;
  /** The body, UTF-8 decoded (`''` when empty). */
  text: string;
}

/** Limits of one attempt. */
export interface AttemptLimits {
  /** Time limit of the attempt in milliseconds, the response body included. */
  timeoutMs: number;
  /** The caller's signal: stops the attempt at once. */
  signal: AbortSignal | undefined;
}

/**
 * Sends one attempt and reads the whole response, whatever its status. It
 * moves bytes only: retries, statuses and validation are the transport's.
 *
 * Rejects with `AbortedError` when `signal` fires (or had fired),
 * `TimeoutError` after `timeoutMs`, and `ConnectionError` when no response
 * arrived (DNS, refused or reset connection), each naming the method and URL.
 */
export type Exchange = (request: WireRequest, limits: AttemptLimits) => Promise<WireResponse>;

/**
 * The absolute URL of a request, for fetch and for error messages.
 *
 * @returns origin and path joined
 */
export function urlOf(request: WireRequest): string {
  return request.origin + request.path;
}
