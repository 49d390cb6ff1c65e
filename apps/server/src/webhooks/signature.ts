import { WEBHOOK_HEADERS } from '@locscore/schema';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signature headers (https://www.standardwebhooks.com/),
 * signed by the `standardwebhooks` reference library, the one receivers and
 * the SDK verify with: `webhook-signature` is `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` keyed with the base64-decoded part of the `whsec_` secret.
 *
 * @param secret - `whsec_<base64>` signing secret of the API key
 * @param id - message id (the requestId; the same on every attempt, for dedupe)
 * @param timestampSeconds - Unix time of this attempt, seconds
 * @param body - the exact body that is sent
 * @returns the three header values by lower-case name
 * @throws Error when the secret is not base64 after `whsec_`
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestampSeconds),
    [WEBHOOK_HEADERS.signature]: new Webhook(secret).sign(id, new Date(timestampSeconds * 1000), body),
  };
}
