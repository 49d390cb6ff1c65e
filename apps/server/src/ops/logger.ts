import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import { requestIdOf } from '../http/request-id.js';
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
   * lose the lines of the last write in flight. When stderr is a terminal the
   * default is pino-pretty instead: one readable line per entry (local time,
   * level, message, then the fields), coloured unless `NO_COLOR` is set.
   */
  destination?: DestinationStream;
}

/** The default destination: readable lines on a terminal (pino-pretty), JSON lines otherwise. */
function stderrDestination(): DestinationStream {
  if (!process.stderr.isTTY) return pino.destination({ dest: 2, sync: false });
  return pretty({ destination: 2, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service', singleLine: true });
}

/**
 * A pino logger writing one JSON object per line (ISO 8601 UTC `time`; on a
 * terminal, readable lines by default),
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
    options.destination ?? stderrDestination(),
  );
}

/** The base logger of each request, set by {@link httpLogger}. */
const loggerOfRequest = new WeakMap<Request, Logger>();
/** Child loggers made by {@link requestLog}, one per request at most. */
const childOfRequest = new WeakMap<Request, Logger>();

/**
 * The logger of one request: a pino child carrying its `requestId`, made on
 * first use (most requests never log anything but their access line).
 *
 * @param req - a request that went through {@link httpLogger}
 * @param res - its response (for the `X-Request-Id`)
 * @returns that child, or null when the request was not logged (no `httpLogger`)
 */
export function requestLog(req: Request, res: Response): Logger | null {
  const existing = childOfRequest.get(req);
  if (existing) return existing;
  const base = loggerOfRequest.get(req);
  if (!base) return null;
  const child = base.child({ requestId: requestIdOf(res) });
  childOfRequest.set(req, child);
  return child;
}

/**
 * Access-log middleware: one JSON line per response, `request completed`
 * (or `request errored`, at `error`, for a 5xx) with `requestId` (the
 * `X-Request-Id`, so the `requestId` middleware must run first), `req`
 * (method and URL), `res` (status) and `responseTime` (ms). Headers are left
 * out: serialising and redacting some twenty request and response headers
 * cost more than the rest of the line, and it keeps credentials out by
 * construction. A response cut off before it finished is logged at `warn`
 * as `request aborted`. Replaces pino-http, which made two child loggers
 * per request (~15 % of the server's CPU per request, measured under load);
 * {@link requestLog} makes one, only when a request logs something.
 *
 * @param logger - from {@link createLogger}
 */
export function httpLogger(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    loggerOfRequest.set(req, logger);
    const complete = (): void => {
      res.removeListener('finish', complete);
      res.removeListener('close', complete);
      const line = {
        requestId: requestIdOf(res),
        req: { method: req.method, url: req.originalUrl },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    };
    res.once('finish', complete);
    res.once('close', complete);
    next();
  };
}
