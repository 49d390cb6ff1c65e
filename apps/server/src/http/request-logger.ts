import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { redactUrl } from '../infra/logger.js';
import { requestIdOf } from './request-id.js';

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
 * construction; the URL goes through {@link redactUrl}. A response cut off before it finished is logged at `warn`
 * as `request aborted`. One child logger at most per request, made by
 * {@link requestLog} only when a request logs something (pino-http makes two
 * for every request).
 *
 * @param logger - from `createLogger`
 * @param secrets - texts never to log (the admin token), see {@link redactUrl}
 */
export function httpLogger(logger: Logger, secrets: readonly string[] = []): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    loggerOfRequest.set(req, logger);
    const complete = (): void => {
      res.removeListener('finish', complete);
      res.removeListener('close', complete);
      const line = {
        requestId: requestIdOf(res),
        req: { method: req.method, url: redactUrl(req.originalUrl, secrets) },
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
