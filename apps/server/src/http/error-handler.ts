import { EngineError, type EngineErrorCode } from '@locscore/engine';
import type { ErrorBody, ErrorCode } from '@locscore/schema';
import type { NextFunction, Request, Response } from 'express';
import { Refusal } from '../services/refusal.js';
import { ApiError, invalidRequest } from './api-error.js';
import { requestIdOf } from './request-id.js';
import { requestLog } from './request-logger.js';

/** The error code each error response was sent with (for metrics). */
const codeOfResponse = new WeakMap<Response, ErrorCode>();

/**
 * The code of the error body sent on `res` by {@link sendError}, or null for
 * a response that was not an error body.
 *
 * @param res - the response
 */
export function errorCodeOf(res: Response): ErrorCode | null {
  return codeOfResponse.get(res) ?? null;
}

/**
 * Writes an {@link ApiError} as the JSON error body, with its headers.
 *
 * @param res - the response (its `X-Request-Id` is reused as `requestId`)
 * @param error - the error to send
 */
export function sendError(res: Response, error: ApiError): void {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      requestId: requestIdOf(res),
      ...(error.details ? { details: error.details } : {}),
    },
  };
  codeOfResponse.set(res, error.code);
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).json(body);
}

/** The `type` body-parser gives its errors. */
function bodyParserType(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'type' in error && typeof error.type === 'string') {
    return error.type;
  }
  return null;
}

/** The 4xx `status` an HTTP library put on its error (e.g. the router's URIError), or null. */
function clientStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number') return null;
  return error.status >= 400 && error.status < 500 ? error.status : null;
}

/** The 400 an engine error that is the request's fault answers: an invalid field reads as every other invalid request. */
function engineApiError(error: EngineError, code: EngineErrorCode): ApiError {
  const fields = error.details?.fields;
  if (code === 'invalid_request' && fields !== undefined) return invalidRequest(fields);
  return new ApiError(code, error.message, error.details);
}

/**
 * Maps any thrown error to an {@link ApiError} (the one table from domain
 * errors to API errors): a service's {@link Refusal} keeps its code, an
 * {@link EngineError} that is the request's fault answers 400 with its code
 * and details (one that is not, a bad region pack, is a 500); body-parser failures to 400
 * (`body`), 413 and 415; a path parameter that is not valid percent-encoded
 * UTF-8 (the router's 400 URIError) to 400 naming `path`; any other 4xx an
 * HTTP library raised to 400 `invalid_request`; anything unknown to 500 `scoring_failed`.
 *
 * @param error - what was thrown
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Refusal) return new ApiError(error.code, error.message, error.details, error.headers);
  if (error instanceof EngineError && error.code !== null) return engineApiError(error, error.code);
  if (error instanceof URIError && clientStatus(error) !== null) {
    return invalidRequest([{ field: 'path', message: 'path is not valid percent-encoded UTF-8' }]);
  }
  switch (bodyParserType(error)) {
    case 'entity.parse.failed':
      return invalidRequest([{ field: 'body', message: 'body must be valid JSON' }]);
    case 'entity.too.large':
      return new ApiError('payload_too_large', 'request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('unsupported_media_type', 'body must be UTF-8 JSON');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
    case 'stream.not.readable':
    case 'parameters.too.many':
      return invalidRequest([{ field: 'body', message: 'body could not be read' }]);
    default:
      if (clientStatus(error) === 404) return new ApiError('not_found', 'not found');
      if (clientStatus(error) !== null) return invalidRequest([{ field: 'request', message: 'request could not be read' }]);
      return new ApiError('scoring_failed', 'internal error; retry later');
  }
}

/**
 * The last middleware: answers every error as JSON, never an HTML page.
 * Unexpected errors are logged ({@link requestLog}, with the request id; stderr when
 * the logger is absent).
 */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const apiError = toApiError(error);
  if (apiError.status >= 500 && !(error instanceof Refusal)) {
    const log = requestLog(req, res);
    if (log) log.error({ err: error }, 'unexpected error');
    else console.error(`[locscore] ${requestIdOf(res)}:`, error);
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  sendError(res, apiError);
}

/** Answers 404 `not_found` for every route no router handled. */
export function notFound(req: Request, res: Response): void {
  sendError(res, new ApiError('not_found', `no route ${req.method} ${req.path}`));
}
