/** Longest delay a Node timer takes, in milliseconds (2^31 − 1, about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A duration option, checked: a positive number of milliseconds a timer can wait.
 *
 * @param value - as given; `undefined` gives `fallback`
 * @param fallback - the option's default
 * @param field - the option's name, for the message
 * @returns milliseconds
 * @throws {RangeError} naming `field` when `value` is not a number in (0, {@link MAX_TIMER_MS}]
 */
export function milliseconds(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMER_MS) {
    throw new RangeError(`${field} must be a positive number of milliseconds (at most ${MAX_TIMER_MS}), got ${String(value)}`);
  }
  return value;
}

/**
 * A server origin, checked: an absolute `http://` or `https://` URL.
 *
 * @param value - e.g. `https://api.example.com/`
 * @returns the URL without trailing slashes
 * @throws {TypeError} naming `baseUrl` otherwise (`localhost:8787` has no scheme)
 */
export function baseUrlOf(value: string): string {
  let protocol: string | null;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = null;
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError(`baseUrl must be an absolute http:// or https:// URL, got ${JSON.stringify(value)}`);
  }
  return value.replace(/\/+$/, '');
}
