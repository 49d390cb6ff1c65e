import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS, WebhookDelivery, WebhookFailure } from '@locscore/schema';
import { WebhookVerificationError } from './errors.js';

/** Default tolerance between `webhook-timestamp` and now, in seconds (5 minutes, the Standard Webhooks default). */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** Prefix of a Standard Webhooks secret: `whsec_` followed by the base64 key. */
export const SECRET_PREFIX = 'whsec_';

/** A raw webhook body exactly as received: the bytes that were signed. */
export type RawBody = string | Buffer | Uint8Array;

/** Request headers as `fetch` (`Headers`) or `node:http` (`IncomingHttpHeaders`) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Options of {@link verify}. */
export interface VerifyOptions {
  /** Largest accepted distance between `webhook-timestamp` and `now`, in seconds (default 300). */
  toleranceSeconds?: number | undefined;
  /** The current time (default `new Date()`), for tests. */
  now?: Date | undefined;
}

/**
 * Decodes a Standard Webhooks secret.
 *
 * @param secret - `whsec_<base64>` (the prefix may be omitted)
 * @returns the HMAC key bytes
 * @throws {TypeError} when the secret is empty or not base64
 */
export function decodeSecret(secret: string): Buffer {
  if (typeof secret !== 'string') throw new TypeError('secret must be a string like whsec_<base64>');
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (encoded === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new TypeError('secret must be whsec_ followed by a base64 key');
  }
  return Buffer.from(encoded, 'base64');
}

function bodyBytes(body: RawBody): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function hmac(key: Buffer, id: string, timestamp: number | string, body: RawBody): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`, 'utf8').update(bodyBytes(body)).digest();
}

function toSeconds(timestamp: number | Date): number {
  const seconds = timestamp instanceof Date ? Math.floor(timestamp.getTime() / 1000) : timestamp;
  if (!Number.isInteger(seconds) || seconds < 0) throw new TypeError('timestamp must be whole Unix seconds or a Date');
  return seconds;
}

/**
 * Signs a webhook body the Standard Webhooks way
 * (https://www.standardwebhooks.com/): base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}` keyed by the base64-decoded secret.
 *
 * @param params.id - the `webhook-id` (the locscore request id)
 * @param params.timestamp - Unix seconds or a Date, the `webhook-timestamp`
 * @param params.body - the exact raw body
 * @param params.secret - `whsec_<base64>`
 * @returns the `webhook-signature` header value, `v1,<base64>`
 * @throws {TypeError} bad secret or timestamp
 */
export function sign(params: { id: string; timestamp: number | Date; body: RawBody; secret: string }): string {
  const key = decodeSecret(params.secret);
  return `v1,${hmac(key, params.id, toSeconds(params.timestamp), params.body).toString('base64')}`;
}

/**
 * Headers of a correctly signed delivery, to test a webhook receiver.
 *
 * @param params.body - the raw body the receiver will get
 * @param params.secret - `whsec_<base64>`
 * @param params.id - `webhook-id` (default a random UUID)
 * @param params.timestamp - Unix seconds or a Date (default now)
 * @returns `content-type`, `webhook-id`, `webhook-timestamp` and `webhook-signature`
 */
export function testHeaders(params: {
  body: RawBody;
  secret: string;
  id?: string | undefined;
  timestamp?: number | Date | undefined;
}): Record<string, string> {
  const id = params.id ?? randomUUID();
  const timestamp = toSeconds(params.timestamp ?? new Date());
  return {
    'content-type': 'application/json',
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: sign({ id, timestamp, body: params.body, secret: params.secret }),
  };
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  let value = record[name];
  if (value === undefined) {
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  return Array.isArray(value) ? value.join(' ') : value;
}

/**
 * Verifies a signed webhook delivery and returns its validated body.
 *
 * Checks, in order: the three `webhook-*` headers are present; the
 * timestamp is whole seconds within `toleranceSeconds` of `now` (replay
 * protection); one of the space-separated `v1,<base64>` signatures equals the
 * HMAC-SHA256 of `${id}.${timestamp}.${body}` (compared with
 * `crypto.timingSafeEqual`); the body is a `WebhookDelivery` or `WebhookFailure`.
 *
 * @param rawBody - the body exactly as received (not re-serialised JSON)
 * @param headers - the request headers
 * @param secret - the API key's webhook secret, `whsec_<base64>`
 * @returns the {@link WebhookDelivery} (has `score`) or {@link WebhookFailure} (has `error`)
 * @throws {WebhookVerificationError} with a `reason` when any check fails
 * @throws {TypeError} bad secret
 */
export function verify(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): WebhookDelivery | WebhookFailure {
  const key = decodeSecret(secret);
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const id = header(headers, WEBHOOK_HEADERS.id);
  const timestampText = header(headers, WEBHOOK_HEADERS.timestamp);
  const signatures = header(headers, WEBHOOK_HEADERS.signature);
  const missing = [
    id ? null : WEBHOOK_HEADERS.id,
    timestampText ? null : WEBHOOK_HEADERS.timestamp,
    signatures ? null : WEBHOOK_HEADERS.signature,
  ].filter((name) => name !== null);
  if (id === undefined || id === '' || timestampText === undefined || signatures === undefined || missing.length > 0) {
    throw new WebhookVerificationError('missing_header', `missing header: ${missing.join(', ')}`);
  }
  if (!/^\d{1,15}$/.test(timestampText.trim())) {
    throw new WebhookVerificationError('invalid_timestamp', `${WEBHOOK_HEADERS.timestamp} must be whole Unix seconds, got ${JSON.stringify(timestampText)}`);
  }
  const timestamp = Number(timestampText.trim());
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (nowSeconds - timestamp > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_old', `${WEBHOOK_HEADERS.timestamp} is ${nowSeconds - timestamp} s old; tolerance is ${toleranceSeconds} s`);
  }
  if (timestamp - nowSeconds > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_new', `${WEBHOOK_HEADERS.timestamp} is ${timestamp - nowSeconds} s in the future; tolerance is ${toleranceSeconds} s`);
  }
  const expected = hmac(key, id, timestamp, rawBody);
  const matched = signatures
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .some((part) => {
      const candidate = Buffer.from(part.slice(3), 'base64');
      return candidate.length === expected.length && timingSafeEqual(candidate, expected);
    });
  if (!matched) throw new WebhookVerificationError('no_matching_signature', 'no v1 signature matches the body');

  let json: unknown;
  try {
    json = JSON.parse(bodyBytes(rawBody).toString('utf8'));
  } catch (error) {
    throw new WebhookVerificationError('invalid_body', 'the signed body is not JSON', { cause: error });
  }
  const failure = WebhookFailure.safeParse(json);
  if (failure.success) return failure.data;
  const delivery = WebhookDelivery.safeParse(json);
  if (delivery.success) return delivery.data;
  const issue = delivery.error.issues[0];
  throw new WebhookVerificationError(
    'invalid_body',
    `the signed body is neither a WebhookDelivery nor a WebhookFailure${issue ? ` (${issue.path.map(String).join('.') || 'body'}: ${issue.message})` : ''}`,
    { cause: delivery.error },
  );
}
