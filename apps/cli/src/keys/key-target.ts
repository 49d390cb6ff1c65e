import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AdminClient } from '@locscore/sdk';
import { resolveConnection, resolveStoreLocation, type StoreLocation } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { describeStoreLocation, openStoreAt } from '../store-location.js';
import type { KeyAdmin } from './key-admin.js';
import { localKeyAdmin } from './local-key-admin.js';
import { remoteKeyAdmin } from './remote-key-admin.js';

/** Where `locscore keys` finds the keys: a running server (`--base-url`), or a store. */
export interface KeyTargetFlags {
  baseUrl?: string | undefined;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
}

/** What a command does to the store: only `keys create` may make a new one, and only where it was told to. */
export type KeyIntent = 'create' | 'use';

/**
 * Refuses to open a PGlite data directory that holds no store yet, unless
 * `keys create` was told where (`--data-dir` or `LOCSCORE_DATA_DIR`): a
 * command must never make an empty store somewhere the user did not choose.
 *
 * @throws CliError (exit 2) naming the directory and what to pass instead
 */
function checkStoreExists(location: StoreLocation, intent: KeyIntent): void {
  if (location.driver !== 'pglite' || existsSync(join(location.dataDir, 'pgdata'))) return;
  if (intent === 'create' && location.source !== 'default') return;
  const server = 'or --base-url <url> with LOCSCORE_ADMIN_TOKEN to manage the keys of a running server';
  if (intent === 'create') {
    throw new CliError(
      `No key store at ${location.dataDir} yet; this would create a new one there. Pass --data-dir ${location.dataDir} to create it (use the folder your server runs on), ${server}.`,
    );
  }
  throw new CliError(
    `No key store at ${location.dataDir} (${location.source === 'default' ? 'the default' : `from ${location.source}`}). Pass --data-dir <dir> with the folder your server runs on, ${server}.`,
  );
}

/**
 * The keys a `locscore keys` command works on: with `--base-url`, a running
 * server's admin API (`LOCSCORE_ADMIN_TOKEN` holds the token); otherwise
 * the store of `resolveStoreLocation` (a PGlite data directory, which a
 * running server holds locked, or PostgreSQL).
 *
 * @param flags - `--base-url`, `--data-dir`, `--database-url`
 * @param intent - `create` may make a new data directory where one was named
 * @param env - the environment; default `process.env`
 * @throws CliError (exit 2) for `--base-url` with a store flag, a bad URL, or a store that does not exist;
 *   (exit 3) for `--base-url` without `LOCSCORE_ADMIN_TOKEN`; (exit 5) when PostgreSQL cannot be reached;
 *   `StoreLockedError` when a running server holds the data directory
 */
export async function openKeyAdmin(flags: KeyTargetFlags, intent: KeyIntent, env: NodeJS.ProcessEnv = process.env): Promise<KeyAdmin> {
  if (flags.baseUrl !== undefined) {
    if (flags.dataDir !== undefined || flags.databaseUrl !== undefined) {
      throw new CliError('--base-url manages the keys of a running server through its admin API: leave out --data-dir and --database-url');
    }
    const { baseUrl } = resolveConnection({ baseUrl: flags.baseUrl }, env);
    const adminToken = env['LOCSCORE_ADMIN_TOKEN'];
    if (adminToken === undefined || adminToken === '') {
      throw new CliError(
        'No admin token: set LOCSCORE_ADMIN_TOKEN to the token the server was started with (LOCSCORE_ADMIN_TOKEN or --admin-token).',
        EXIT.auth,
      );
    }
    return remoteKeyAdmin(new AdminClient({ baseUrl, adminToken }), baseUrl);
  }
  const location = resolveStoreLocation(flags, env);
  checkStoreExists(location, intent);
  return localKeyAdmin(await openStoreAt(location), describeStoreLocation(location));
}
