import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { WEBHOOK_USER_AGENT } from './delivery-headers.js';

/** Outcome of one delivery attempt. */
export type PostOutcome =
  /** The receiver answered (any status; redirects are not followed). */
  | { statusCode: number; durationMs: number }
  /** No answer: connection refused, filtered address, timeout… */
  | { error: string; durationMs: number };

/** Time limit of one attempt until the status line and headers have arrived (docs/api.md: 10 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Bytes of a receiver's response body read before the connection is closed:
 * the body is never used (the status decides), so only a short one is read
 * to its end; a longer or endless one is cut off.
 */
export const RESPONSE_BODY_CAP_BYTES = 4 * 1024;

/** Milliseconds the body may take after the headers before the connection is closed (a receiver trickling bytes holds no socket longer). */
export const RESPONSE_BODY_GRACE_MS = 1_000;

/**
 * Connections the webhook agents of one process hold at once, all receivers
 * together; the delivery dispatcher starts no more attempts than this
 * (`DEFAULT_DELIVERY_CONCURRENCY.total`), so the agents never queue one.
 */
export const MAX_WEBHOOK_CONNECTIONS = 64;

/** Options of {@link postWebhook}. */
export interface PostOptions {
  /** Connect to private, loopback and link-local addresses (tests, local development). */
  allowPrivate: boolean;
  /** Limit until the status line and headers, ms. @default WEBHOOK_TIMEOUT_MS */
  timeoutMs?: number;
}

/** One request-filtering agent per scheme and address policy, capped at {@link MAX_WEBHOOK_CONNECTIONS} sockets. */
const agents = new Map<string, http.Agent>();

/** The agent of a URL: request-filtering-agent refuses private, loopback, link-local and metadata addresses at connect time (after DNS). */
function agentFor(url: string, allowPrivate: boolean): http.Agent {
  const secure = url.startsWith('https:');
  const name = `${secure ? 'https' : 'http'}:${allowPrivate}`;
  let agent = agents.get(name);
  if (agent === undefined) {
    const options = { allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: allowPrivate, keepAlive: false, maxTotalSockets: MAX_WEBHOOK_CONNECTIONS };
    agent = secure ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
    agents.set(name, agent);
  }
  return agent;
}

/**
 * Reads at most {@link RESPONSE_BODY_CAP_BYTES} of a response's body for at
 * most {@link RESPONSE_BODY_GRACE_MS}, then closes the connection whatever
 * is left: the attempt's outcome is already known from the status.
 *
 * @param closed - called once, when the connection is closed
 */
function discardBody(response: http.IncomingMessage, request: http.ClientRequest, closed: () => void): void {
  let read = 0;
  const close = (): void => {
    clearTimeout(timer);
    request.destroy();
    closed();
  };
  const timer = setTimeout(close, RESPONSE_BODY_GRACE_MS);
  response.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > RESPONSE_BODY_CAP_BYTES) close();
  });
  response.on('end', close);
  response.on('error', close);
  response.on('close', close);
}

/**
 * POSTs a JSON body once. Redirects are not followed; the connection goes
 * through request-filtering-agent (private, loopback, link-local and
 * metadata addresses refused after DNS unless `allowPrivate`), at most
 * {@link MAX_WEBHOOK_CONNECTIONS} at once per process. The status line and
 * headers must arrive within `timeoutMs` (a receiver trickling them is cut
 * off then); the body is then read for at most
 * {@link RESPONSE_BODY_GRACE_MS} and {@link RESPONSE_BODY_CAP_BYTES} and
 * discarded, and the connection closed. It resolves once the connection is
 * closed, so an attempt holds its place in the dispatcher's limits for as
 * long as it holds a connection (a receiver trickling its body holds its
 * host's share, not sockets beyond the cap); `durationMs` is the time to the
 * status line.
 *
 * @param url - the webhook URL
 * @param body - JSON text
 * @param headers - extra headers (the signature)
 * @param options - see {@link PostOptions}
 * @returns the status code or the error; never rejects
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostOutcome> {
  const started = Date.now();
  const elapsed = (): number => Date.now() - started;
  const limit = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let request: http.ClientRequest;
    try {
      const send = url.startsWith('https:') ? https.request : http.request;
      request = send(url, {
        method: 'POST',
        agent: agentFor(url, options.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': WEBHOOK_USER_AGENT,
          ...headers,
        },
        timeout: limit,
      });
    } catch (error) {
      resolve({ error: error instanceof Error ? error.message : String(error), durationMs: elapsed() });
      return;
    }
    const timedOut = (): void => {
      request.destroy(new Error(`timed out after ${limit} ms waiting for the status line and headers`));
    };
    // `timeout` above only limits idle time; this bounds the wait for the
    // status line and headers, however slowly a receiver trickles them.
    const deadline = setTimeout(timedOut, limit);
    let answered = false;
    request.on('response', (response) => {
      clearTimeout(deadline);
      answered = true;
      const outcome = { statusCode: response.statusCode ?? 0, durationMs: elapsed() };
      discardBody(response, request, () => resolve(outcome));
    });
    request.on('timeout', timedOut);
    request.on('error', (error) => {
      clearTimeout(deadline);
      // After the status line, the outcome is the status; the body's reader closes and resolves.
      if (!answered) resolve({ error: error.message, durationMs: elapsed() });
    });
    request.end(body);
  });
}
