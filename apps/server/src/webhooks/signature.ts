import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@locscore/schema';

/**
 * Standard Webhooks signature headers (https://www.standardwebhooks.com/):
 * `webhook-signature` is `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`
 * keyed with the base64-decoded part of the `whsec_` secret.
 *
 * @param secret - `whsec_<base64>` signing secret of the API key
 * @param id - message id (the requestId; the same on every attempt, for dedupe)
 * @param timestampSeconds - Unix time of this attempt, seconds
 * @param body - the exact body that is sent
 * @returns the three header values by lower-case name
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestampSeconds),
    [WEBHOOK_HEADERS.signature]: `v1,${signature}`,
  };
}
