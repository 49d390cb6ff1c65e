import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookFailure } from '@locscore/schema';
import { WebhookVerificationError, webhooks, type WebhookVerificationReason } from '@locscore/sdk';

/**
 * Largest body the receiver reads, in bytes (1 MiB, as the SDK's
 * `createWebhookHandler`); a result is a few KiB.
 */
export const MAX_DELIVERY_BYTES = 1024 * 1024;

/** A delivery whose signature, timestamp and body checked out. */
export interface VerifiedDelivery {
  /** The validated body: a result with `requestId`, or `{ requestId, error }`. */
  payload: WebhookDelivery | WebhookFailure;
  /** The body exactly as signed and received (UTF-8). */
  rawBody: string;
  /** `webhook-id` (the locscore request id). */
  webhookId: string;
  /** `webhook-timestamp`, Unix seconds. */
  timestamp: number;
  /** True when a delivery with this `webhook-id` was already verified (delivery is at least once). */
  redelivery: boolean;
  /** The server's 1-based attempt number (`x-locscore-attempt`), or null when the sender did not say. */
  attempt: number | null;
}

/** A request the receiver refused. */
export interface RejectedDelivery {
  /** HTTP status answered: 400 bad signature or body, 405 not POST, 413 too large. */
  status: 400 | 405 | 413;
  /** Why: a `WebhookVerificationReason`, or `method_not_allowed` / `payload_too_large` / `invalid_body`. */
  reason: WebhookVerificationReason | 'method_not_allowed' | 'payload_too_large' | 'invalid_body';
  /** Human-readable detail. */
  message: string;
  /** `webhook-id` when the sender gave one, else null. */
  webhookId: string | null;
  /** `METHOD /path` of the request. */
  request: string;
}

/** Options of {@link startWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to listen on, e.g. `127.0.0.1`. */
  host: string;
  /** The API key's webhook secret, `whsec_<base64>`. */
  secret: string;
  /** Tolerance of `webhook-timestamp` against now, in seconds (SDK default 300). */
  toleranceSeconds?: number | undefined;
  /** Called for each verified delivery, before the 204 answer. A throw answers 500 (the sender retries). */
  onDelivery(delivery: VerifiedDelivery): void;
  /** Called for each refused request, after it was answered. */
  onRejected(rejection: RejectedDelivery): void;
}

/** A listening receiver. */
export interface WebhookReceiver {
  /** `http://host:port/`; every path is accepted. */
  url: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_DELIVERY_BYTES) throw new TooLarge(`body larger than ${MAX_DELIVERY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(' ') : null;
}

function refuse(res: ServerResponse, status: RejectedDelivery['status'], code: string, reason: string, message: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 405) headers['allow'] = 'POST';
  res.writeHead(status, headers).end(JSON.stringify({ error: { code, reason, message } }));
}

/**
 * Starts a local HTTP receiver of locscore webhook deliveries (Standard
 * Webhooks). Each POST (any path) is verified with the SDK's
 * `webhooks.verify` (the same check `createWebhookHandler` runs: the three
 * `webhook-*` headers, timestamp within the tolerance, HMAC-SHA256
 * signature, body schema) and answered 204 when it checks out; a forged,
 * stale or malformed delivery gets 400 `webhook_verification_failed` with
 * the reason (the sender does not retry it), a non-POST 405, a body over
 * 1 MiB 413.
 *
 * @param options - see {@link WebhookReceiverOptions}
 * @returns the receiver once it listens
 * @throws {TypeError} when `secret` is not `whsec_<base64>`
 * @throws Error with `code` `EADDRINUSE` / `EACCES` when the port cannot be bound
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  // Fails fast on a malformed secret (the same decoding verify uses).
  webhooks.sign({ id: 'check', timestamp: 0, body: '', secret: options.secret });
  const seen = new Set<string>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = `${req.method ?? '?'} ${req.url ?? '/'}`;
    const webhookId = headerValue(req, 'webhook-id');
    const rejected = (status: RejectedDelivery['status'], reason: RejectedDelivery['reason'], message: string): void => {
      refuse(res, status, status === 400 ? 'webhook_verification_failed' : reason, reason, message);
      options.onRejected({ status, reason, message, webhookId, request });
    };
    if (req.method !== 'POST') {
      req.resume();
      rejected(405, 'method_not_allowed', 'webhook deliveries are POST requests');
      return;
    }
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof TooLarge) rejected(413, 'payload_too_large', error.message);
      else rejected(400, 'invalid_body', error instanceof Error ? error.message : String(error));
      return;
    }
    let payload: WebhookDelivery | WebhookFailure;
    try {
      payload = webhooks.verify(raw, req.headers, options.secret, { toleranceSeconds: options.toleranceSeconds });
    } catch (error) {
      if (error instanceof WebhookVerificationError) rejected(400, error.reason, error.message);
      else rejected(400, 'invalid_body', error instanceof Error ? error.message : String(error));
      return;
    }
    const id = webhookId ?? payload.requestId;
    const attemptHeader = headerValue(req, 'x-locscore-attempt');
    const attempt = attemptHeader !== null && /^\d+$/.test(attemptHeader) ? Number(attemptHeader) : null;
    const redelivery = seen.has(id);
    seen.add(id);
    try {
      const timestamp = Number(headerValue(req, 'webhook-timestamp'));
      options.onDelivery({ payload, rawBody: raw.toString('utf8'), webhookId: id, timestamp, redelivery, attempt });
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(
        JSON.stringify({ error: { code: 'handler_failed', message: error instanceof Error ? error.message : String(error) } }),
      );
      return;
    }
    res.writeHead(204).end();
  };
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${address.port}/`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
