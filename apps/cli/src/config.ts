import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Base URL used when neither `--base-url` nor `LOCSCORE_BASE_URL` is given (the local `locscore serve`). */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';

/** Port `locscore serve` listens on by default. */
export const DEFAULT_PORT = 8787;

/**
 * Connection settings of the commands that call the API. A flag overrides
 * its environment variable (`LOCSCORE_API_KEY`, `LOCSCORE_BASE_URL`), which
 * overrides the default; `apiKey` stays undefined when neither is set (the
 * server then answers 401 → exit 3).
 *
 * @param flags - `--api-key` and `--base-url` as parsed
 * @param env - the environment; default `process.env`
 */
export function resolveConnection(
  flags: { apiKey?: string | undefined; baseUrl?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): { apiKey: string | undefined; baseUrl: string } {
  const apiKey = flags.apiKey ?? nonEmpty(env['LOCSCORE_API_KEY']);
  const baseUrl = flags.baseUrl ?? nonEmpty(env['LOCSCORE_BASE_URL']) ?? DEFAULT_BASE_URL;
  return { apiKey, baseUrl };
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

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
