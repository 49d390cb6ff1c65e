import { SCORE_PATH, USAGE_PATH } from '@locscore/schema';
import express, { type Express } from 'express';
import type { ServerConfig } from './config.js';
import { errorHandler, notFound } from './http/error-handler.js';
import { requestId } from './http/request-id.js';
import { scoreRouter } from './routes/score.js';
import { usageRouter } from './routes/usage.js';

/**
 * Builds the Express 5 app of the locscore API.
 *
 * Routes: `POST /api/franchisor/score` (200 result, or 202 with `webhookUrl`),
 * `GET /api/franchisor/score/:requestId`, `GET /api/franchisor/usage`. Every response carries
 * `X-Request-Id`; every error is the JSON error body; unknown routes answer
 * 404 `not_found`.
 *
 * @param config - store, engine and options
 * @returns the app (not listening; see `startServer`)
 */
export function createServer(config: ServerConfig): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(SCORE_PATH, scoreRouter(config));
  app.use(USAGE_PATH, usageRouter(config));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
