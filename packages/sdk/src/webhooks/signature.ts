import { randomUUID } from 'node:crypto';
import { WEBHOOK_HEADERS, WebhookDelivery, WebhookFailure } from '@locscore/schema';
import { WebhookVerificationError as LibraryVerificationError, Webhook } from 'standardwebhooks';
import { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';

/**
 * Default and largest tolerance between `webhook-timestamp` and now, in
 * seconds: 5 minutes, the window of the Standard Webhooks library that
 * checks every signature (a smaller one may be asked for).
 */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** Prefix of a Standard Webhooks secret: `whsec_` followed by the base64 key. */
export const SECRET_PREFIX = 'whsec_';

/** A raw webhook body exactly as received: the bytes that were signed. */
export type RawBody = string | Buffer | Uint8Array;

/** Request headers as `fetch` (`Headers`) or `node:http` (`IncomingHttpHeaders`) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Options of {@link verify}. */
export interface VerifyOptions {
  /** Largest accepted distance between `webhook-timestamp` and now, in seconds, 1–300 (default 300). */
  toleranceSeconds?: number | undefined;
}

/**
 * The Standard Webhooks signer and verifier (the `standardwebhooks`
 * package, which the reference server signs with) for one secret.
 *
 * @param secret - `whsec_<base64>` (the prefix may be omitted)
 * @throws {TypeError} when the secret is empty or not base64
 */
export function webhookOf(secret: string): Webhook {
  const encoded = typeof secret === 'string' && secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (typeof encoded !== 'string' || encoded === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new TypeError('secret must be whsec_ followed by a base64 key');
  }
  try {
    return new Webhook(encoded);
  } catch (error) {
    throw new TypeError(`secret must be whsec_ followed by a base64 key (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The body as the library takes it: a string or a Buffer (UTF-8). */
function libraryBody(body: RawBody): string | Buffer {
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function toSeconds(timestamp: number | Date): number {
  const seconds = timestamp instanceof Date ? Math.floor(timestamp.getTime() / 1000) : timestamp;
  if (!Number.isInteger(seconds) || seconds < 0) throw new TypeError('timestamp must be whole Unix seconds or a Date');
  return seconds;
}

/**
 * Signs a webhook body the Standard Webhooks way
 * (https://www.standardwebhooks.com/), with the `standardwebhooks`
 * package: base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed by the
 * base64-decoded secret.
 *
 * @param params.id - the `webhook-id` (the locscore request id)
 * @param params.timestamp - Unix seconds or a Date, the `webhook-timestamp`
 * @param params.body - the exact raw body
 * @param params.secret - `whsec_<base64>`
 * @returns the `webhook-signature` header value, `v1,<base64>`
 * @throws {TypeError} bad secret or timestamp
 */
export function sign(params: { id: string; timestamp: number | Date; body: RawBody; secret: string }): string {
  return webhookOf(params.secret).sign(params.id, new Date(toSeconds(params.timestamp) * 1000), libraryBody(params.body));
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
export function testHeaders(params: { body: RawBody; secret: string; id?: string | undefined; timestamp?: number | Date | undefined }): Record<string, string> {
  const id = params.id ?? randomUUID();
  const timestamp = toSeconds(params.timestamp ?? new Date());
  return {
    'content-type': 'application/json',
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: sign({ id, timestamp, body: params.body, secret: params.secret }),
  };
}

/**
 * A header's value from fetch `Headers` or node:http headers (any case;
 * repeated values joined by a space, as several signatures are).
 *
 * @returns the value, or `undefined` when absent
 */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  let value = record[name];
  if (value === undefined) {
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  return Array.isArray(value) ? value.join(' ') : value;
}

/** The reason of a refusal by the library, from its message. */
function libraryReason(message: string): WebhookVerificationReason {
  if (/too old/i.test(message)) return 'timestamp_too_old';
  if (/too new/i.test(message)) return 'timestamp_too_new';
  if (/missing/i.test(message)) return 'missing_header';
  if (/invalid signature headers/i.test(message)) return 'invalid_timestamp';
  return 'no_matching_signature';
}

/**
 * A tolerance option, checked: 1–300 seconds (the library's window is 300).
 *
 * @param toleranceSeconds - as given; `undefined` gives {@link DEFAULT_TOLERANCE_SECONDS}
 * @returns seconds
 * @throws {RangeError} naming `toleranceSeconds` when outside 1–300
 */
export function toleranceOf(toleranceSeconds: number | undefined): number {
  if (toleranceSeconds === undefined) return DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 1 || toleranceSeconds > DEFAULT_TOLERANCE_SECONDS) {
    throw new RangeError(`toleranceSeconds must be from 1 to ${DEFAULT_TOLERANCE_SECONDS}, got ${String(toleranceSeconds)}`);
  }
  return toleranceSeconds;
}

/** The three `webhook-*` headers, present and the timestamp within the window; else the reason. */
function signedHeaders(headers: WebhookHeaders, toleranceSeconds: number): Record<string, string> {
  const id = headerValue(headers, WEBHOOK_HEADERS.id);
  const timestamp = headerValue(headers, WEBHOOK_HEADERS.timestamp)?.trim();
  const signature = headerValue(headers, WEBHOOK_HEADERS.signature);
  if (!id || !timestamp || !signature) {
    const missing = [id ? null : WEBHOOK_HEADERS.id, timestamp ? null : WEBHOOK_HEADERS.timestamp, signature ? null : WEBHOOK_HEADERS.signature];
    throw new WebhookVerificationError('missing_header', `missing header: ${missing.filter((name) => name !== null).join(', ')}`);
  }
  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new WebhookVerificationError('invalid_timestamp', `${WEBHOOK_HEADERS.timestamp} must be whole Unix seconds, got ${JSON.stringify(timestamp)}`);
  }
  const age = Math.floor(Date.now() / 1000) - Number(timestamp);
  if (age > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_old', `${WEBHOOK_HEADERS.timestamp} is ${age} s old; tolerance is ${toleranceSeconds} s`);
  }
  if (-age > toleranceSeconds) {
    throw new WebhookVerificationError('timestamp_too_new', `${WEBHOOK_HEADERS.timestamp} is ${-age} s in the future; tolerance is ${toleranceSeconds} s`);
  }
  return { [WEBHOOK_HEADERS.id]: id, [WEBHOOK_HEADERS.timestamp]: timestamp, [WEBHOOK_HEADERS.signature]: signature };
}

/** The verified body as a `WebhookFailure` or `WebhookDelivery`; else `invalid_body`. */
function deliveryOf(json: unknown): WebhookDelivery | WebhookFailure {
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

/**
 * Verifies a signed webhook delivery and returns its validated body.
 *
 * Checks, in order: the three `webhook-*` headers are present; the
 * timestamp is whole seconds within `toleranceSeconds` of now (replay
 * protection); then the `standardwebhooks` package's `Webhook#verify`
 * checks that one of the space-separated `v1,<base64>` signatures is the
 * HMAC-SHA256 of `${id}.${timestamp}.${body}` (in constant time) and parses
 * the JSON; last, the body must be a `WebhookDelivery` or `WebhookFailure`.
 *
 * @param rawBody - the body exactly as received (not re-serialised JSON)
 * @param headers - the request headers
 * @param secret - the API key's webhook secret, `whsec_<base64>`
 * @returns the {@link WebhookDelivery} (has `score`) or {@link WebhookFailure} (has `error`)
 * @throws {WebhookVerificationError} with a `reason` when any check fails
 * @throws {TypeError} bad secret; {RangeError} `toleranceSeconds` outside 1–300
 */
export function verify(rawBody: RawBody, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): WebhookDelivery | WebhookFailure {
  const webhook = webhookOf(secret);
  const signed = signedHeaders(headers, toleranceOf(options.toleranceSeconds));
  let json: unknown;
  try {
    json = webhook.verify(libraryBody(rawBody), signed);
  } catch (error) {
    if (error instanceof LibraryVerificationError) throw new WebhookVerificationError(libraryReason(error.message), error.message, { cause: error });
    throw new WebhookVerificationError('invalid_body', 'the signed body is not JSON', { cause: error });
  }
  return deliveryOf(json);
}
