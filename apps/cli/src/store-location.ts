import { openStore, type Store } from '@locscore/server';
import { redactDatabaseUrl, type StoreLocation } from './config.js';
import { CliError, EXIT } from './exit-codes.js';

/**
 * Describes a store location for messages on stderr: `data directory <path>`
 * or `PostgreSQL <url without password> (from <flag or variable>)`.
 *
 * @param location - from `resolveStoreLocation`
 */
export function describeStoreLocation(location: StoreLocation): string {
  return location.driver === 'pglite'
    ? `data directory ${location.dataDir}`
    : `PostgreSQL ${redactDatabaseUrl(location.databaseUrl)} (from ${location.source})`;
}

/**
 * Wraps a failure to reach PostgreSQL (refused connection, unknown host,
 * missing database, refused password) as a CLI error that names the
 * database without its password.
 *
 * @param location - the PostgreSQL location that failed
 * @param error - what `openStore` or `startServer` threw
 * @returns a CliError with exit 5 (server unreachable)
 */
export function postgresUnreachable(location: Extract<StoreLocation, { driver: 'pg' }>, error: unknown): CliError {
  const reason = error instanceof Error ? error.message : String(error);
  return new CliError(`Could not open ${describeStoreLocation(location)}: ${reason}`, EXIT.server);
}

/**
 * Opens the server's store at a location: PGlite in the data directory, or
 * PostgreSQL (migrations run at open on both).
 *
 * @param location - from `resolveStoreLocation`
 * @returns the open store; the caller closes it
 * @throws StoreLockedError (exit 2) when a running server holds the PGlite data directory;
 *   CliError (exit 5) when PostgreSQL cannot be reached or refuses the connection (see {@link isConnectionFailure});
 *   other errors (a failed migration) as they are
 */
export async function openStoreAt(location: StoreLocation): Promise<Store> {
  if (location.driver === 'pglite') return openStore({ dataDir: location.dataDir });
  try {
    return await openStore({ databaseUrl: location.databaseUrl });
  } catch (error) {
    throw isConnectionFailure(error) ? postgresUnreachable(location, error) : error;
  }
}

/** Node's network error codes that mean the database host could not be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether an error is PostgreSQL being unreachable or refusing the
 * connection: a network error code, or a SQLSTATE of class 08 (connection
 * exception), 28 (invalid authorisation) or `3D000` (no such database)
 * (PostgreSQL manual, appendix A "Error Codes").
 *
 * @param error - any thrown value
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') return false;
  const code = error.code;
  return NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('28') || code === '3D000';
}
