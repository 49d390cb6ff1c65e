import { createWebhookHandler } from './handler.js';
import { sign, testHeaders, verify } from './signature.js';

/**
 * Standard Webhooks helpers (https://www.standardwebhooks.com/):
 * `verify` a delivery, `sign` a body, build `testHeaders` for receiver
 * tests, and `createWebhookHandler` for `node:http` and Express.
 */
export const webhooks = { verify, sign, testHeaders, createWebhookHandler } as const;

export type { WebhookVerificationReason } from './errors.js';
export { WebhookVerificationError } from './errors.js';
export type { WebhookHandlerOptions, WebhookInfo, WebhookRejection, WebhookRequest } from './handler.js';
export { ATTEMPT_HEADER, createWebhookHandler, MAX_WEBHOOK_BODY_BYTES } from './handler.js';
export type { RawBody, VerifyOptions, WebhookHeaders } from './signature.js';
export { DEFAULT_TOLERANCE_SECONDS, sign, testHeaders, verify } from './signature.js';
