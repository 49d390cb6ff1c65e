import { WEBHOOK_HEADERS } from '@locscore/schema';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signature headers (https://www.standardwebhooks.com/),
 * signed by the `standardwebhooks` reference library, the one receivers and
 * the SDK verify with: `webhook-signature` is `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` keyed with the base64-decoded part of the `whsec_`
 * secret. With several secrets (the new and the previous one for 24 hours
 * after a rotation) it carries one signature per secret, space-separated, as
 * the specification allows for key rotation; a receiver holding either
 * secret verifies the delivery.
 *
 * @param secrets - `whsec_<base64>` signing secrets of the API key, the current one first
 * @param id - message id (the requestId; the same on every attempt, for dedupe)
 * @param timestampSeconds - Unix time of this attempt, seconds
 * @param body - the exact body that is sent
 * @returns the three header values by lower-case name
 * @throws Error when a secret is not base64 after `whsec_`, or none is given
 */
export function signWebhook(secrets: string | readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (list.length === 0) throw new Error('signWebhook needs at least one secret');
  const at = new Date(timestampSeconds * 1000);
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestampSeconds),
    [WEBHOOK_HEADERS.signature]: list.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
  };
}
