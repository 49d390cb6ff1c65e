import { randomBytes } from 'node:crypto';

/**
 * Header of every webhook POST giving the delivery attempt it belongs to,
 * 1-based (a repeat of the same attempt after a crash carries the same number).
 */
export const ATTEMPT_HEADER = 'x-locscore-attempt';

/** Header of every webhook POST naming the server instance that sent it. */
export const INSTANCE_HEADER = 'x-locscore-instance';

/** `User-Agent` of webhook POSTs. */
export const WEBHOOK_USER_AGENT = 'locscore-webhooks/1';

/** Drawn once per process: see {@link defaultInstanceId}. */
const PROCESS_INSTANCE_ID = randomBytes(6).toString('hex');

/**
 * A name for this server process, unique among instances sharing one
 * database: 12 random hex digits drawn at process start (not the host name or
 * pid, which would tell every webhook receiver about the deployment).
 */
export function defaultInstanceId(): string {
  return PROCESS_INSTANCE_ID;
}
