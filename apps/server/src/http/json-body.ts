import { MAX_BODY_BYTES } from '@locscore/schema';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError, invalidRequest } from './api-error.js';

/**
 * Middleware reading a JSON body of at most `limit` bytes: 415
 * `unsupported_media_type` for a content type other than `application/json`
 * (or `+json`), 413 `payload_too_large` above the limit, 400 naming `body`
 * for malformed JSON or an empty body. The parsed value lands in `req.body`.
 *
 * @param limit - most bytes of the body
 */
export function jsonBodyOf(limit: number): RequestHandler {
  const parseJson = express.json({ limit, strict: false, type: () => true });
  return (req: Request, res: Response, next: NextFunction) => {
    const contentType = req.headers['content-type'];
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (contentType === undefined && !hasBody) {
      next(invalidRequest([{ field: 'body', message: 'body is required: a JSON object' }]));
      return;
    }
    if (req.is(['application/json', '+json']) === false || contentType === undefined) {
      next(new ApiError('unsupported_media_type', 'Content-Type must be application/json'));
      return;
    }
    parseJson(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      if (req.body === undefined) {
        next(invalidRequest([{ field: 'body', message: 'body is required: a JSON object' }]));
        return;
      }
      next();
    });
  };
}

/** {@link jsonBodyOf} at {@link MAX_BODY_BYTES} (16 KiB): the body of a score and of the admin API. */
export const jsonBody: RequestHandler = jsonBodyOf(MAX_BODY_BYTES);
