import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { WEBHOOK_USER_AGENT } from './delivery-headers.js';

/** Outcome of one delivery attempt. */
export type PostOutcome =
  /** The receiver answered (any status; redirects are not followed). */
  | { statusCode: number; durationMs: number }
  /** No answer: connection refused, filtered address, timeout… */
  | { error: string; durationMs: number };

/** Time limit of one attempt (DESIGN.md: 10 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs a JSON body once. Redirects are not followed; the connection goes
 * through request-filtering-agent, which refuses private, loopback,
 * link-local and metadata addresses at connect time (after DNS) unless
 * `allowPrivate`.
 *
 * @param url - the webhook URL
 * @param body - JSON text
 * @param headers - extra headers (the signature)
 * @param options - `allowPrivate`; `timeoutMs`, the limit of the whole attempt
 *   until the status line arrives (default {@link WEBHOOK_TIMEOUT_MS})
 * @returns the status code or the error; never rejects
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostOutcome> {
  const started = Date.now();
  const elapsed = (): number => Date.now() - started;
  return new Promise((resolve) => {
    let request: http.ClientRequest;
    try {
      const agent = useAgent(url, { allowPrivateIPAddress: options.allowPrivate, allowMetaIPAddress: options.allowPrivate });
      const send = url.startsWith('https:') ? https.request : http.request;
      request = send(url, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': WEBHOOK_USER_AGENT,
          ...headers,
        },
        timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      });
    } catch (error) {
      resolve({ error: error instanceof Error ? error.message : String(error), durationMs: elapsed() });
      return;
    }
    const limit = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const timedOut = (): void => {
      request.destroy(new Error(`timed out after ${limit} ms`));
    };
    // `timeout` above only limits idle time; this bounds the whole attempt
    // (a receiver trickling its answer cannot hold a delivery worker longer).
    const deadline = setTimeout(timedOut, limit);
    request.on('response', (response) => {
      clearTimeout(deadline);
      response.resume();
      resolve({ statusCode: response.statusCode ?? 0, durationMs: elapsed() });
    });
    request.on('timeout', timedOut);
    request.on('error', (error) => {
      clearTimeout(deadline);
      resolve({ error: error.message, durationMs: elapsed() });
    });
    request.end(body);
  });
}
