import { createHash, randomBytes } from 'node:crypto';

/** Every API key starts with this. */
export const API_KEY_PREFIX = 'lsk_';
/** Characters of a key kept visible (the rest is only stored as a hash). */
export const VISIBLE_PREFIX_LENGTH = 12;

/**
 * A new API key: `lsk_` + 32 base64url characters (24 random bytes, 192 bits).
 *
 * @returns the key; shown once to its owner, stored only as {@link hashApiKey}
 */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(24).toString('base64url');
}

/**
 * A webhook signing secret in the Standard Webhooks format: `whsec_` + the
 * base64 of 32 random bytes.
 *
 * @returns the secret
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * SHA-256 of a key, lower-case hex. Keys carry 192 random bits, so a fast
 * hash is enough (no password stretching needed) and the store looks keys up
 * by hash: no comparison of secrets ever happens in application code.
 *
 * @param apiKey - the full key
 * @returns 64 hex characters
 */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/**
 * The visible prefix of a key (first {@link VISIBLE_PREFIX_LENGTH} characters),
 * by which owners list and revoke keys.
 *
 * @param apiKey - the full key
 */
export function visiblePrefix(apiKey: string): string {
  return apiKey.slice(0, VISIBLE_PREFIX_LENGTH);
}
