/**
 * A new idempotency key: a UUID v4 from the platform's `crypto.randomUUID`
 * (Node 20, and browsers in a secure context), else built from
 * `crypto.getRandomValues` (browsers on plain http to a non-local host,
 * where `randomUUID` is absent) as RFC 9562 §5.4 lays out version 4.
 *
 * @returns a lower-case UUID v4
 */
export function newIdempotencyKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
