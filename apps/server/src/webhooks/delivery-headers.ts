import { hostname } from 'node:os';

/**
 * Header of every webhook POST giving the delivery attempt it belongs to,
 * 1-based (a repeat of the same attempt after a crash carries the same number).
 */
export const ATTEMPT_HEADER = 'x-locscore-attempt';

/** Header of every webhook POST naming the server instance that sent it. */
export const INSTANCE_HEADER = 'x-locscore-instance';

/** `User-Agent` of webhook POSTs. */
export const WEBHOOK_USER_AGENT = 'locscore-webhooks/1';

/**
 * A name for this server process, unique among instances sharing one
 * database: `<hostname>:<pid>` (e.g. `web-3:4127`).
 */
export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}`;
}
