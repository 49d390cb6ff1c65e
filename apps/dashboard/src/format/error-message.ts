import {
  AddressAmbiguousError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  ForbiddenError,
  LocScoreError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  TimeoutError,
} from '@locscore/sdk/browser';
import { formatDateTime } from './format.js';

/** An error as the dashboard shows it. */
export interface ErrorMessage {
  /** One sentence saying what went wrong. */
  title: string;
  /** More lines: each invalid field, each candidate address, the request id. */
  details: string[];
  /** The session is over (401): the page returns to sign-in. */
  sessionEnded: boolean;
}

const withRequestId = (error: LocScoreError, details: string[]): string[] =>
  error.requestId === null ? details : [...details, `Request id: ${error.requestId}`];

/**
 * What to tell a person about an error of the SDK (or anything else thrown).
 *
 * @param error - what a call threw
 */
export function describeError(error: unknown): ErrorMessage {
  if (!(error instanceof LocScoreError)) {
    return { title: error instanceof Error ? error.message : String(error), details: [], sessionEnded: false };
  }
  const message = (title: string, details: string[] = []): ErrorMessage => ({ title, details: withRequestId(error, details), sessionEnded: false });
  if (error instanceof AuthenticationError && error.status === 401) return { ...message('Your session has ended. Sign in again.'), sessionEnded: true };
  if (error instanceof QuotaExceededError) {
    const reset = error.resetAt === null ? '' : ` It resets on ${formatDateTime(error.resetAt.toISOString())}.`;
    return message(`This key’s monthly quota is spent${error.limit === null ? '' : ` (${error.limit} evaluations)`}.${reset}`);
  }
  if (error instanceof AddressAmbiguousError) {
    return message(
      error.message,
      error.candidates.map((candidate) => `Did you mean ${candidate.matchedAddress}?`),
    );
  }
  if (error instanceof BadRequestError) {
    const details = [
      ...error.fields.map((field) => `${field.field}: ${field.message}`),
      ...error.candidates.map((candidate) => `Did you mean ${candidate.matchedAddress}?`),
    ];
    return message(error.message, details);
  }
  if (error instanceof ForbiddenError) return message('The page’s security token is out of date. Reload the page and try again.');
  if (error instanceof RateLimitError) {
    return message(error.retryAfterSeconds === null ? 'Too many attempts. Wait a moment.' : `Too many attempts. Try again in ${error.retryAfterSeconds} s.`);
  }
  if (error instanceof NotFoundError) return message('Not found: it may belong to another key, or no longer exist.');
  if (error instanceof ConnectionError || error instanceof TimeoutError) return message('The server did not answer. Check that it is running, then try again.');
  return message(error.message);
}
