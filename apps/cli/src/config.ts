import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_BASE_URL } from '@locscore/schema';
import { baseUrlOf } from '@locscore/sdk';
import { CliError } from './exit-codes.js';

/**
 * Connection settings of the commands that call the API. A flag overrides
 * its environment variable (`LOCSCORE_API_KEY`, `LOCSCORE_BASE_URL`), which
 * overrides the default; `apiKey` stays undefined when neither is set (the
 * call then fails with the SDK's `missing_api_key`, reported as exit 3).
 *
 * @param flags - `--api-key` and `--base-url` as parsed
 * @param env - the environment; default `process.env`
 * @throws CliError (exit 2) when the base URL is not an absolute http(s) URL
 *   (`localhost:8787` without `http://`), naming the flag or variable it came from
 */
export function resolveConnection(
  flags: { apiKey?: string | undefined; baseUrl?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): { apiKey: string | undefined; baseUrl: string } {
  const apiKey = flags.apiKey ?? nonEmpty(env['LOCSCORE_API_KEY']);
  const fromEnv = nonEmpty(env['LOCSCORE_BASE_URL']);
  const baseUrl = flags.baseUrl ?? fromEnv ?? DEFAULT_BASE_URL;
  checkBaseUrl(baseUrl, flags.baseUrl !== undefined ? '--base-url' : 'LOCSCORE_BASE_URL');
  return { apiKey, baseUrl };
}

/** The SDK's check of a base URL, reported in CLI words: the flag or variable it came from, and the likely fix. */
function checkBaseUrl(value: string, source: string): void {
  try {
    baseUrlOf(value);
  } catch {
    const guess = /^[\w.-]+(:\d+)?(\/.*)?$/.test(value) ? ` (did you mean http://${value}?)` : '';
    throw new CliError(`${source} must be an http:// or https:// URL such as ${DEFAULT_BASE_URL}, got "${value}"${guess}`);
  }
}

/**
 * The server's data directory (PGlite): `--data-dir`, else
 * `LOCSCORE_DATA_DIR`, else `~/.locscore/data`. Returned absolute.
 *
 * @param flag - `--data-dir` as parsed
 * @param env - the environment; default `process.env`
 */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(flag ?? nonEmpty(env['LOCSCORE_DATA_DIR']) ?? join(homedir(), '.locscore', 'data'));
}

/**
 * Where the server's store lives: a PGlite data directory, or a PostgreSQL
 * database (`driver: 'pg'`, for several server instances in production).
 */
export type StoreLocation =
  /** `source`: the flag or variable that named the directory, or `default` for `~/.locscore/data`. */
  | { driver: 'pglite'; dataDir: string; source: '--data-dir' | 'LOCSCORE_DATA_DIR' | 'default' }
  | { driver: 'pg'; databaseUrl: string /** which flag or variable gave the URL, for messages */; source: string };

/**
 * Chooses the store of `serve` and `keys`. Flags win over the environment
 * (clig.dev); of the variables, the locscore-specific one wins over the
 * generic one a platform may set for another app:
 * `--database-url`, else `--data-dir`, else `LOCSCORE_DATABASE_URL`, else
 * `DATABASE_URL`, else `LOCSCORE_DATA_DIR`, else `~/.locscore/data`.
 *
 * @param flags - `--database-url` and `--data-dir` as parsed
 * @param env - the environment; default `process.env`
 * @returns the PGlite data directory (absolute) or the PostgreSQL URL
 * @throws CliError (exit 2) when both flags are given, or the URL is not
 *   `postgres://` / `postgresql://` (the message names the flag or variable)
 */
export function resolveStoreLocation(
  flags: { databaseUrl?: string | undefined; dataDir?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): StoreLocation {
  if (flags.databaseUrl !== undefined && flags.dataDir !== undefined) {
    throw new CliError('--database-url and --data-dir cannot be used together: the store is either PostgreSQL or a PGlite data directory');
  }
  if (flags.databaseUrl !== undefined) return postgres(flags.databaseUrl, '--database-url');
  if (flags.dataDir !== undefined) return { driver: 'pglite', dataDir: resolveDataDir(flags.dataDir, env), source: '--data-dir' };
  for (const name of ['LOCSCORE_DATABASE_URL', 'DATABASE_URL']) {
    const value = nonEmpty(env[name]);
    if (value !== undefined) return postgres(value, name);
  }
  return {
    driver: 'pglite',
    dataDir: resolveDataDir(undefined, env),
    source: nonEmpty(env['LOCSCORE_DATA_DIR']) === undefined ? 'default' : 'LOCSCORE_DATA_DIR',
  };
}

function postgres(databaseUrl: string, source: string): StoreLocation {
  checkDatabaseUrl(databaseUrl, source);
  return { driver: 'pg', databaseUrl, source };
}

function checkDatabaseUrl(value: string, source: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`${source} must be a PostgreSQL URL like postgres://user:password@host:5432/database`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new CliError(`${source} must start with postgres:// or postgresql://, got ${url.protocol}//`);
  }
}

/**
 * A database URL safe to print: the password replaced by `***`.
 *
 * @param databaseUrl - a `postgres://` URL
 * @returns the same URL without its password (the input unchanged when it does not parse)
 */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return databaseUrl;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
