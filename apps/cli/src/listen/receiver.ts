import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookFailure } from '@locscore/schema';
import { createWebhookHandler, type WebhookInfo, type WebhookRejection } from '@locscore/sdk';

/** A delivery the SDK's handler verified, with what `listen` prints about it. */
export interface VerifiedDelivery extends WebhookInfo {
  /** The validated body: a result with `requestId`, or `{ requestId, error }`. */
  payload: WebhookDelivery | WebhookFailure;
  /** True when a delivery with this `webhook-id` was already verified (delivery is at least once). */
  redelivery: boolean;
}

/** Options of {@link startWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Interface to listen on, e.g. `127.0.0.1`. */
  host: string;
  /** The API key's webhook secret, `whsec_<base64>`. */
  secret: string;
  /** Tolerance of `webhook-timestamp` against now, in seconds, 1–300 (SDK default 300). */
  toleranceSeconds?: number | undefined;
  /** Called for each verified delivery, before the 204 answer. A throw answers 500 (the sender retries). */
  onDelivery(delivery: VerifiedDelivery): void;
  /** Called for each refused request, after it was answered. */
  onRejected(rejection: WebhookRejection): void;
}

/** A listening receiver. */
export interface WebhookReceiver {
  /** `http://host:port/`; every path is accepted. */
  url: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Starts a local HTTP receiver of locscore webhook deliveries: a
 * `node:http` server running the SDK's `createWebhookHandler` on every path
 * (the check an app's receiver runs: Standard Webhooks headers, timestamp
 * within the tolerance, signature, body schema; 204, or 400 / 405 / 413
 * with the reason). It adds what a developer watching deliveries wants:
 * whether a `webhook-id` came before (a redelivery).
 *
 * @param options - see {@link WebhookReceiverOptions}
 * @returns the receiver once it listens
 * @throws {TypeError} when `secret` is not `whsec_<base64>`; {RangeError} for a tolerance outside 1–300
 * @throws Error with `code` `EADDRINUSE` / `EACCES` when the port cannot be bound
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const seen = new Set<string>();
  const verified = (payload: WebhookDelivery | WebhookFailure, info: WebhookInfo): void => {
    const redelivery = seen.has(info.id);
    seen.add(info.id);
    options.onDelivery({ ...info, payload, redelivery });
  };
  const handler = createWebhookHandler({
    secret: options.secret,
    toleranceSeconds: options.toleranceSeconds,
    onDelivery: verified,
    onFailure: verified,
    onRejected: (rejection) => options.onRejected(rejection),
  });
  const server: Server = createServer(handler);
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
