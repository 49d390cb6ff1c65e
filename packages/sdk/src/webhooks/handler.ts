import type { IncomingMessage, ServerResponse } from 'node:http';
import { WEBHOOK_HEADERS, type WebhookDelivery, type WebhookFailure } from '@locscore/schema';
import { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';
import { headerValue, toleranceOf, verify, webhookOf } from './signature.js';

/** Largest webhook body the handler reads, in bytes (1 MiB); a result is a few KiB. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/** Header in which the reference server numbers its delivery attempts (1 for the first). */
export const ATTEMPT_HEADER = 'x-locscore-attempt';

/** What the handler knows about a verified delivery besides its body. */
export interface WebhookInfo {
  /** `webhook-id`: the locscore request id. Delivery is at least once: skip an id you already handled. */
  id: string;
  /** `webhook-timestamp`: when the server signed this attempt. */
  timestamp: Date;
  /** The server's 1-based attempt number (`x-locscore-attempt`), or `null` when it did not say. */
  attempt: number | null;
  /** The body exactly as signed and received (UTF-8). */
  rawBody: string;
}

/** A request the handler refused, after it was answered. */
export interface WebhookRejection {
  /** HTTP status answered: 400 forged, stale or malformed; 405 not POST; 413 over 1 MiB; 500 see `reason`. */
  status: 400 | 405 | 413 | 500;
  /** Why: a {@link WebhookVerificationReason}, or what else went wrong. */
  reason: WebhookVerificationReason | 'method_not_allowed' | 'payload_too_large' | 'body_already_parsed' | 'handler_failed';
  /** Human-readable detail. */
  message: string;
  /** `webhook-id` when the sender gave one, else `null`. */
  webhookId: string | null;
  /** `METHOD /path` of the request. */
  request: string;
}

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /** The API key's webhook secret, `whsec_<base64>`. */
  secret: string;
  /** Called with each verified successful result. A throw (or rejection) answers 500 so the sender retries. */
  onDelivery: (delivery: WebhookDelivery, info: WebhookInfo) => void | Promise<void>;
  /** Called with each verified failure notice. A throw (or rejection) answers 500 so the sender retries. */
  onFailure?: ((failure: WebhookFailure, info: WebhookInfo) => void | Promise<void>) | undefined;
  /** Called after a request was refused (for logs); a throw is ignored. */
  onRejected?: ((rejection: WebhookRejection) => void) | undefined;
  /** Tolerance of `webhook-timestamp` in seconds, 1–300 (default 300). */
  toleranceSeconds?: number | undefined;
}

/** A request as `node:http` gives it, or as Express gives it after `express.raw()` / `express.text()` (`body` set). */
export type WebhookRequest = IncomingMessage & { body?: unknown };

/** A refusal before the callbacks run: the status and reason to answer with. */
class Refusal extends Error {
  constructor(
    readonly status: WebhookRejection['status'],
    readonly reason: WebhookRejection['reason'],
    message: string,
  ) {
    super(message);
  }
}

async function readRawBody(req: WebhookRequest): Promise<Buffer | string> {
  const body = req.body;
  if (Buffer.isBuffer(body) || typeof body === 'string') return body;
  if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0)) {
    throw new Refusal(
      500,
      'body_already_parsed',
      'the request body was already parsed; mount the webhook handler before express.json() or use express.raw({ type: "application/json" }) so the signed bytes can be verified',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_WEBHOOK_BODY_BYTES) throw new Refusal(413, 'payload_too_large', `webhook body larger than ${MAX_WEBHOOK_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The code of the answer body: `webhook_verification_failed` for a failed check, else the reason. */
function answerCode(reason: WebhookRejection['reason']): string {
  const own: ReadonlyArray<WebhookRejection['reason']> = ['method_not_allowed', 'payload_too_large', 'body_already_parsed', 'handler_failed'];
  return own.includes(reason) ? reason : 'webhook_verification_failed';
}

async function verified(options: WebhookHandlerOptions, req: WebhookRequest): Promise<{ payload: WebhookDelivery | WebhookFailure; info: WebhookInfo }> {
  if (req.method !== 'POST') {
    req.resume();
    throw new Refusal(405, 'method_not_allowed', 'webhook deliveries are POST requests');
  }
  const raw = await readRawBody(req);
  try {
    const payload = verify(raw, req.headers, options.secret, { toleranceSeconds: options.toleranceSeconds });
    const attempt = headerValue(req.headers, ATTEMPT_HEADER);
    const info: WebhookInfo = {
      id: headerValue(req.headers, WEBHOOK_HEADERS.id) ?? payload.requestId,
      timestamp: new Date(Number(headerValue(req.headers, WEBHOOK_HEADERS.timestamp)) * 1000),
      attempt: attempt !== undefined && /^\d+$/.test(attempt) ? Number(attempt) : null,
      rawBody: Buffer.isBuffer(raw) ? raw.toString('utf8') : raw,
    };
    return { payload, info };
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new Refusal(400, error.reason, error.message);
    throw error;
  }
}

/**
 * A webhook receiver for `node:http` (`http.createServer(handler)`) and
 * Express (`app.post('/hooks/locscore', handler)`, before any JSON body
 * parser, or after `express.raw()`). It reads the raw body from the stream
 * unless `req.body` is already a Buffer or string, verifies it with
 * {@link verify} (the `standardwebhooks` package), and calls `onDelivery`
 * or `onFailure` with the body and its {@link WebhookInfo}.
 *
 * Answers 204 when the callback succeeded; 400 `{ error: { code:
 * 'webhook_verification_failed', reason, message } }` when verification
 * failed (the sender should not retry a forgery); 405 for a method other
 * than POST; 413 for a body over 1 MiB; 500 when the callback threw or the
 * body was already parsed (so the sender retries later). Each refusal is
 * then passed to `onRejected`.
 *
 * @returns `(req, res) => void`; it never throws
 * @throws {TypeError} at creation when `secret` is not `whsec_<base64>`
 * @throws {RangeError} at creation when `toleranceSeconds` is outside 1–300
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (req: WebhookRequest, res: ServerResponse) => void {
  webhookOf(options.secret);
  toleranceOf(options.toleranceSeconds);
  return (req, res) => {
    void handle(options, req, res);
  };
}

async function handle(options: WebhookHandlerOptions, req: WebhookRequest, res: ServerResponse): Promise<void> {
  try {
    const { payload, info } = await verified(options, req);
    try {
      if ('error' in payload) await options.onFailure?.(payload, info);
      else await options.onDelivery(payload, info);
    } catch (error) {
      throw new Refusal(500, 'handler_failed', error instanceof Error ? error.message : String(error));
    }
    if (!res.headersSent) res.writeHead(204).end();
  } catch (error) {
    const refusal = error instanceof Refusal ? error : new Refusal(500, 'handler_failed', error instanceof Error ? error.message : String(error));
    refuse(options, req, res, refusal);
  }
}

function refuse(options: WebhookHandlerOptions, req: WebhookRequest, res: ServerResponse, refusal: Refusal): void {
  const { status, reason, message } = refusal;
  if (!res.headersSent) {
    const body = JSON.stringify({ error: { code: answerCode(reason), reason, message } });
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 405 ? { allow: 'POST' } : {}) }).end(body);
  }
  try {
    options.onRejected?.({
      status,
      reason,
      message,
      webhookId: headerValue(req.headers, WEBHOOK_HEADERS.id) ?? null,
      request: `${req.method ?? '?'} ${req.url ?? '/'}`,
    });
  } catch {
    // A logging callback must not turn an answered refusal into a crash.
  }
}
