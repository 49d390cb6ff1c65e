import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import type { LogLevel } from './settings.js';

/**
 * API keys (`lsk_…`) and webhook secrets (`whsec_…`) anywhere in a log line,
 * also with the underscore percent-encoded (`lsk%5F…`, once or twice: `%255F`)
 * as a URL carries it.
 */
const SECRET_PATTERN = /\b(lsk|whsec)(?:_|%(?:25)*5[Ff])[A-Za-z0-9+/=_%-]*/g;

/**
 * Query parameters whose values never reach the logs, whatever they hold:
 * names clients put credentials under by mistake (`?token=`, `?api_key=`).
 */
const SECRET_PARAMETER = /token|key|secret|password|passwd|auth|session|signature|credential/i;

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

/**
 * A request URL as the access log writes it: the path, and the query with
 * the value of every parameter named like a credential
 * ({@link SECRET_PARAMETER}) or holding one of `secrets` (the admin token,
 * compared after percent-decoding) replaced by `[REDACTED]`; a path segment
 * holding a secret likewise. API keys and webhook secrets are removed from
 * the whole line afterwards ({@link redactSecrets}).
 *
 * @param url - `req.originalUrl`
 * @param secrets - texts never to log, e.g. the admin token (empty ones are ignored)
 * @returns the URL to log
 */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  const present = secrets.filter((secret) => secret.length > 0);
  const decoded = (text: string): string => {
    try {
      return decodeURIComponent(text.replaceAll('+', ' '));
    } catch {
      return text;
    }
  };
  const holds = (text: string): boolean => present.some((secret) => text.includes(secret) || decoded(text).includes(secret));
  const mark = url.indexOf('?');
  const path = (mark === -1 ? url : url.slice(0, mark))
    .split('/')
    .map((segment) => (holds(segment) ? '[REDACTED]' : segment))
    .join('/');
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (holds(name)) return '[REDACTED]';
      if (equals === -1) return pair;
      return SECRET_PARAMETER.test(decoded(name)) || holds(pair.slice(equals + 1)) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
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
