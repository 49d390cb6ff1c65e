import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebhookDelivery, WebhookFailure } from '@locscore/schema';
import { WebhookVerificationError } from './errors.js';
import { decodeSecret, verify } from './signature.js';

/** Largest webhook body the handler reads, in bytes (1 MiB); a result is a few KiB. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /** The API key's webhook secret, `whsec_<base64>`. */
  secret: string;
  /** Called with each verified successful result. A throw (or rejection) answers 500 so the sender retries. */
  onDelivery: (delivery: WebhookDelivery) => void | Promise<void>;
  /** Called with each verified failure notice. A throw (or rejection) answers 500 so the sender retries. */
  onFailure?: ((failure: WebhookFailure) => void | Promise<void>) | undefined;
  /** Tolerance of `webhook-timestamp` in seconds (default 300). */
  toleranceSeconds?: number | undefined;
}

/** A request as `node:http` gives it, or as Express gives it after `express.raw()` / `express.text()` (`body` set). */
export type WebhookRequest = IncomingMessage & { body?: unknown };

class BodyError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

async function readRawBody(req: WebhookRequest): Promise<Buffer | string> {
  const body = req.body;
  if (Buffer.isBuffer(body) || typeof body === 'string') return body;
  if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0)) {
    throw new BodyError(
      500,
      'the request body was already parsed; mount the webhook handler before express.json() or use express.raw({ type: "application/json" }) so the signed bytes can be verified',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_WEBHOOK_BODY_BYTES) throw new BodyError(413, `webhook body larger than ${MAX_WEBHOOK_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, statusCode: number, body?: Record<string, string>): void {
  if (res.headersSent) return;
  if (body === undefined) {
    res.writeHead(statusCode).end();
    return;
  }
  res.writeHead(statusCode, { 'content-type': 'application/json' }).end(JSON.stringify({ error: body }));
}

/**
 * A webhook receiver for `node:http` (`http.createServer(handler)`) and
 * Express (`app.post('/hooks/locscore', handler)`, before any JSON body
 * parser, or after `express.raw()`). It reads the raw body from the stream
 * unless `req.body` is already a Buffer or string, verifies it with
 * {@link verify}, and calls `onDelivery` or `onFailure`.
 *
 * Answers 204 when the callback succeeded, 400 `{ error: { code:
 * 'webhook_verification_failed', reason, message } }` when verification
 * failed (the sender should not retry a forgery), 413 for a body over 1 MiB,
 * and 500 when the callback threw or the body was already parsed (so the
 * sender retries later).
 *
 * @returns `(req, res) => void`; it never throws
 * @throws {TypeError} at creation when `secret` is not `whsec_<base64>`
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (req: WebhookRequest, res: ServerResponse) => void {
  decodeSecret(options.secret);
  return (req, res) => {
    void handle(options, req, res);
  };
}

async function handle(options: WebhookHandlerOptions, req: WebhookRequest, res: ServerResponse): Promise<void> {
  let raw: Buffer | string;
  try {
    raw = await readRawBody(req);
  } catch (error) {
    const statusCode = error instanceof BodyError ? error.statusCode : 400;
    answer(res, statusCode, { code: 'invalid_body', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  let payload: WebhookDelivery | WebhookFailure;
  try {
    payload = verify(raw, req.headers, options.secret, { toleranceSeconds: options.toleranceSeconds });
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      answer(res, 400, { code: 'webhook_verification_failed', reason: error.reason, message: error.message });
    } else {
      answer(res, 500, { code: 'internal_error', message: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  try {
    if ('error' in payload) await options.onFailure?.(payload);
    else await options.onDelivery(payload);
  } catch (error) {
    answer(res, 500, { code: 'handler_failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  answer(res, 204);
}
