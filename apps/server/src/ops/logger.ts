import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { LogLevel } from './settings.js';

/** API keys (`lsk_…`) and webhook secrets (`whsec_…`) anywhere in a log line. */
const SECRET_PATTERN = /\b(lsk|whsec)_[A-Za-z0-9+/=_-]*/g;

/** Header paths whose values never reach the logs. */
export const REDACTED_PATHS: readonly string[] = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * Replaces every `lsk_…` and `whsec_…` token in a text with `lsk_[REDACTED]`
 * / `whsec_[REDACTED]`.
 *
 * @param text - e.g. one serialised log line
 * @returns the text without secrets
 */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PATTERN, '$1_[REDACTED]');
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Minimum level; default `info`. */
  level?: LogLevel;
  /**
   * Where JSON lines go; default stderr (fd 2) through an asynchronous
   * sonic-boom stream: lines logged while a write is pending go out together
   * in the next write (one syscall per burst, not per line), and pino flushes
   * what is left synchronously when the process exits. Only a SIGKILL can
   * lose the lines of the last write in flight.
   */
  destination?: DestinationStream;
}

/**
 * A pino logger writing one JSON object per line (ISO 8601 UTC `time`),
 * with the API key, `Authorization` and cookie headers redacted by path and,
 * as a last guard, every `lsk_`/`whsec_` token removed from each serialised
 * line before it is written.
 *
 * @param options - level and destination
 * @returns the logger
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'locscore-server' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...REDACTED_PATHS], censor: '[REDACTED]' },
      hooks: { streamWrite: redactSecrets },
    },
    options.destination ?? pino.destination({ dest: 2, sync: false }),
  );
}

/** What an access-log line keeps of a request: method and URL (never headers). */
function requestFields(req: IncomingMessage): { method: string | undefined; url: string | undefined } {
  return { method: req.method, url: req.url };
}

/** What an access-log line keeps of a response: its status. */
function responseFields(res: ServerResponse): { statusCode: number } {
  return { statusCode: res.statusCode };
}

/**
 * pino-http middleware: one `request completed` line per response with the
 * method, URL, status, duration (`responseTime`, ms) and
 * `requestId` (the `X-Request-Id`, which `requestId` middleware put in
 * `req.id`, so it must run first). 5xx and errors log at `error`, the rest at `info`.
 * Gives every request `req.log`, a child logger carrying `requestId`.
 *
 * @param logger - from {@link createLogger}
 */
export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    // Headers are left out of access lines: serialising the ~20 request and
    // response headers (and redacting them) cost more than the rest of the
    // line, and it keeps credentials out by construction.
    wrapSerializers: false,
    serializers: { req: requestFields, res: responseFields },
    customAttributeKeys: { reqId: 'requestId' },
    customLogLevel: (_req, res, error) => (error !== undefined || res.statusCode >= 500 ? 'error' : 'info'),
  });
}
