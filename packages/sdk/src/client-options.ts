import { DEFAULT_BASE_URL } from '@locscore/schema';
import { envVar } from './env.js';
import { baseUrlOf, milliseconds } from './options.js';

/** Base URL used when neither `baseUrl` nor `LOCSCORE_BASE_URL` is set: the reference server's default (owned by `@locscore/schema`). */
export { DEFAULT_BASE_URL };
/** Default time limit of one HTTP attempt, in milliseconds (30 s). */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;

/** Connection options shared by the SDK's clients. */
export interface ConnectionOptions {
  /** Server origin, e.g. `https://api.example.com`; defaults to `LOCSCORE_BASE_URL`, else {@link DEFAULT_BASE_URL}. In a browser pass `location.origin`. */
  baseUrl?: string | undefined;
  /** Time limit of each HTTP attempt in milliseconds. @default 30000 */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt of a read (GET) or a score, on network errors, timeouts, 500, 503 and `rate_limited` 429. Other writes are never retried. @default 2 */
  maxRetries?: number | undefined;
  /** fetch implementation (default `globalThis.fetch`), for proxies and tests. */
  fetch?: typeof globalThis.fetch | undefined;
}

/** {@link ConnectionOptions} after validation, with defaults applied. */
export interface ResolvedConnection {
  /** Absolute http(s) origin without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  fetch: typeof globalThis.fetch | undefined;
}

/**
 * Validates connection options and applies the defaults.
 *
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL
 * @throws {RangeError} when `timeoutMs` is not a positive number of milliseconds (at most 2147483647) or `maxRetries` not a whole number >= 0
 */
export function resolveConnection(options: ConnectionOptions): ResolvedConnection {
  const baseUrl = baseUrlOf(options.baseUrl ?? (envVar('LOCSCORE_BASE_URL') || DEFAULT_BASE_URL));
  const timeoutMs = milliseconds(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError(`maxRetries must be a whole number >= 0, got ${String(maxRetries)}`);
  }
  return { baseUrl, timeoutMs, maxRetries, fetch: options.fetch };
}
