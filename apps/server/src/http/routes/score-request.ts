import { ScoreRequest } from '@locscore/schema';
import { parseBody } from '../validate.js';

/**
 * Validates a parsed JSON body against {@link ScoreRequest}.
 *
 * @param body - `req.body`
 * @returns the request, address trimmed
 * @throws ApiError 400 `invalid_request` listing every invalid field
 */
export function parseScoreRequest(body: unknown): ScoreRequest {
  return parseBody(ScoreRequest, body);
}
