import { RegionPackError } from '@locscore/engine';
import type { AddressCandidate, FieldIssue } from '@locscore/schema';
import {
  AbortedError,
  AddressAmbiguousError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InvalidResponseError,
  LocScoreError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  ScoringError,
  ServiceUnavailableError,
  TimeoutError,
} from '@locscore/sdk';
import { StoreLockedError } from '@locscore/server';
import { CliError, EXIT, type ExitCode } from './exit-codes.js';
import { cliCommand } from './invocation.js';

/** What the CLI prints and returns for a failure: a message for stderr and an exit code. */
export interface ErrorReport {
  /** One or more lines for stderr, without a trailing newline. */
  message: string;
  /** Process exit code, one of {@link EXIT}. */
  exitCode: ExitCode;
  /** Machine-readable code for `--json`: the API's or SDK's error code, else the exit code's name (`usage`, `unexpected`…). */
  code: string;
  /** The request id the server gave, when there is one. */
  requestId: string | null;
}

/** The name of an exit code in {@link EXIT} (`usage` for 2…). */
function exitName(exitCode: ExitCode): string {
  return Object.entries(EXIT).find(([, value]) => value === exitCode)?.[0] ?? 'unexpected';
}

/**
 * The JSON form of a report, written on stderr when the command line has
 * `--json`: `{"error":{"code","message","exitCode","requestId"}}` on one line.
 *
 * @param report - from {@link reportError}
 */
export function errorJson(report: ErrorReport): string {
  const { code, message, exitCode, requestId } = report;
  return JSON.stringify({ error: { code, message, exitCode, requestId } });
}

/** One indented line per invalid field of a 400: `  category: category must be one of: …`. */
function fieldLines(fields: readonly FieldIssue[]): string[] {
  return fields.map((issue) => `  ${issue.field}: ${issue.message}`);
}

/** One indented line per candidate place: `  Landstrasse 92, 9490 Vaduz (Liechtenstein, address_point, 47.14974, 9.51224)`. */
function candidateLines(candidates: readonly AddressCandidate[]): string[] {
  return candidates.map((c) => `  ${c.matchedAddress} (${c.region}, ${c.precision}, ${c.lat.toFixed(5)}, ${c.lng.toFixed(5)})`);
}

/** ` (request id …)` when the server gave one. */
function requestSuffix(error: LocScoreError): string {
  return error.requestId ? ` (request ${error.requestId})` : '';
}

/**
 * Maps any thrown value to the message, exit code and code the CLI reports:
 * `AddressAmbiguousError` (400) → 2 with each candidate place;
 * `BadRequestError` (400) → 2 with each invalid field and any "did you
 * mean" candidates; `AuthenticationError`
 * (401, or no key configured: said in CLI words) → 3; `QuotaExceededError` (429 quota) → 4 with the reset time (UTC);
 * `ScoringError`, `ServiceUnavailableError`, `RateLimitError`,
 * `ConnectionError` (with how to start a server), `TimeoutError`,
 * `InvalidResponseError` and any other 5xx → 5;
 * `AbortedError` → 130; `NotFoundError`,
 * `ConflictError`, `RegionPackError`, `StoreLockedError` and {@link CliError}
 * usage errors → 2; anything else → 1 (unexpected).
 *
 * @param error - the thrown value
 * @returns the report; never throws
 */
export function reportError(error: unknown): ErrorReport {
  const { message, exitCode } = describeError(error);
  const code = error instanceof LocScoreError ? error.code : exitName(exitCode);
  return { message, exitCode, code, requestId: error instanceof LocScoreError ? error.requestId : null };
}

/** Hint printed under "could not reach the server". */
function unreachableHint(): string {
  return `Is the server running? Start one in another terminal with \`${cliCommand()} serve --sample\` (or \`--region <pack>\`), or point --base-url / LOCSCORE_BASE_URL at yours.`;
}

/**
 * What to do without an API key: a command that works on a fresh machine
 * (`keys create` makes a store only in a folder it is given, the one the
 * server is then started on), and the admin API for a server already running.
 */
function missingKeyHint(): string {
  const cli = cliCommand();
  return [
    'No API key: pass --api-key <key> or set LOCSCORE_API_KEY.',
    `To create one (shown once) for a server you start yourself: \`${cli} keys create --plan starter --data-dir ./.locscore/data\`, then \`${cli} serve --data-dir ./.locscore/data --region <pack>\`.`,
    `For a server already running with LOCSCORE_ADMIN_TOKEN: \`${cli} keys create --plan starter --base-url <its URL>\` with the same token set.`,
  ].join('\n');
}

/**
 * The message of a 400 `invalid_request`: one sentence when one field is
 * wrong (`Invalid request: address must be at least 3 characters`), else a
 * headline and a line per field. The API's own message (`invalid request:
 * address`) only names the fields, so it is used only when there are none.
 */
function invalidRequestLines(error: BadRequestError): string[] {
  const suffix = requestSuffix(error);
  const [only, ...more] = error.fields;
  if (only === undefined) return [`Invalid request: ${error.message.replace(/^invalid request:\s*/i, '')}${suffix}`];
  if (more.length === 0) return [`Invalid request: ${only.message}${suffix}`];
  return [`Invalid request${suffix}:`, ...fieldLines(error.fields)];
}

/**
 * Who holds a locked data directory: `The data directory /x is in use by
 * another locscore process (pid 4242)` (the pid when the holder recorded one).
 *
 * @param error - the store's lock error
 */
export function lockHolder(error: StoreLockedError): string {
  return `The data directory ${error.dataDir} is in use by another locscore process${error.pid === null ? '' : ` (pid ${error.pid})`}`;
}

/**
 * The message of a data directory held by another process, with what to do:
 * stop that process (named by its pid when it recorded one), or reach the
 * server that holds it through its admin API.
 */
function storeLockedMessage(error: StoreLockedError): string {
  return [
    `${lockHolder(error)}, most likely a running \`${cliCommand()} serve\`.`,
    'Stop that server (Ctrl-C in its terminal) and run this again, or, while it runs with LOCSCORE_ADMIN_TOKEN, manage its keys with --base-url <its URL> and the same token.',
  ].join('\n');
}

function describeError(error: unknown): Pick<ErrorReport, 'message' | 'exitCode'> {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof QuotaExceededError) {
    const reset = error.resetAt === null || Number.isNaN(error.resetAt.getTime()) ? 'an unknown time' : error.resetAt.toISOString();
    return {
      message: `Monthly quota spent (${error.limit ?? '?'} evaluations on this plan); it resets at ${reset}${requestSuffix(error)}.`,
      exitCode: EXIT.quota,
    };
  }
  if (error instanceof AddressAmbiguousError) {
    const lines = [
      `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}${requestSuffix(error)}`,
      'It fits these places:',
      ...candidateLines(error.candidates),
    ];
    return { message: lines.join('\n'), exitCode: EXIT.usage };
  }
  if (error instanceof BadRequestError) {
    const lines =
      error.code === 'invalid_request'
        ? invalidRequestLines(error)
        : [`${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}${requestSuffix(error)}`, ...fieldLines(error.fields)];
    if (error.candidates.length > 0) lines.push('Did you mean:', ...candidateLines(error.candidates));
    return { message: lines.join('\n'), exitCode: EXIT.usage };
  }
  if (error instanceof AuthenticationError && error.code === 'missing_api_key') return { message: missingKeyHint(), exitCode: EXIT.auth };
  if (error instanceof AuthenticationError) {
    return {
      message: `API key refused: ${error.message}${requestSuffix(error)}. Check --api-key or LOCSCORE_API_KEY (\`${cliCommand()} keys list\` shows the server's keys).`,
      exitCode: EXIT.auth,
    };
  }
  if (error instanceof AbortedError) return { message: 'Interrupted.', exitCode: EXIT.interrupted };
  if (error instanceof ConnectionError) {
    return { message: `Could not reach the server: ${error.message}\n${unreachableHint()}`, exitCode: EXIT.server };
  }
  if (error instanceof TimeoutError) {
    return { message: `The server did not answer in time: ${error.message}`, exitCode: EXIT.server };
  }
  if (error instanceof ServiceUnavailableError) {
    return { message: `Server not ready: ${error.message}${requestSuffix(error)}`, exitCode: EXIT.server };
  }
  if (error instanceof ScoringError || error instanceof RateLimitError || error instanceof InvalidResponseError) {
    return { message: `Server error: ${error.message}${requestSuffix(error)}`, exitCode: EXIT.server };
  }
  if (error instanceof NotFoundError || error instanceof ConflictError) {
    return { message: `${error.message}${requestSuffix(error)}`, exitCode: EXIT.usage };
  }
  if (error instanceof LocScoreError) {
    const serverSide = error.status === null || error.status >= 500;
    return { message: `${error.message}${requestSuffix(error)}`, exitCode: serverSide ? EXIT.server : EXIT.usage };
  }
  if (error instanceof StoreLockedError) return { message: storeLockedMessage(error), exitCode: EXIT.usage };
  if (error instanceof RegionPackError) return { message: error.message, exitCode: EXIT.usage };
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { message: `Unexpected error: ${message}`, exitCode: EXIT.unexpected };
}
