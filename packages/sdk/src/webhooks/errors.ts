/**
 * Why a webhook delivery was refused:
 * - `missing_header`: `webhook-id`, `webhook-timestamp` or `webhook-signature` absent;
 * - `invalid_timestamp`: `webhook-timestamp` is not whole Unix seconds;
 * - `timestamp_too_old` / `timestamp_too_new`: outside the tolerance window (replay protection);
 * - `no_matching_signature`: no `v1,` signature matches the HMAC of the body;
 * - `invalid_body`: the signed body is not JSON or not a `WebhookDelivery` / `WebhookFailure`.
 */
export type WebhookVerificationReason =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'no_matching_signature'
  | 'invalid_body';

/**
 * A webhook delivery failed verification. Answer it with 400 and do not act
 * on it. Not a `LocScoreError`: it is raised by your receiver, not by an API call.
 */
export class WebhookVerificationError extends Error {
  /** Machine-readable reason. */
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}
