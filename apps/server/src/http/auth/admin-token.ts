import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a presented secret equals the admin token, in time independent of
 * where they differ: both are hashed to SHA-256 first (equal lengths for
 * `timingSafeEqual`, and the length of the token is not revealed either).
 *
 * @param presented - what the client sent
 * @param token - the configured admin token
 */
export function isAdminToken(presented: string, token: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token));
}
