import { startServer } from '@locscore/server';
import { resolveStoreLocation } from '../config.js';
import { EXIT } from '../exit-codes.js';
import { note, type Terminal } from '../output/terminal.js';
import { resolveServerSettings, type ServeFlags } from '../server-settings.js';
import { nextTerminationSignal } from '../signals.js';
import { describeStoreLocation, isConnectionFailure, postgresUnreachable } from '../store-location.js';

/** Flags of `locscore serve`: one per row of the server's settings table (see `serveOptions`). */
export type ServeOptions = ServeFlags;

export { parsePort } from '../server-settings.js';

/** A flag's text, or undefined when it is absent or not text. */
function textOf(flag: ServeFlags[string]): string | undefined {
  return typeof flag === 'string' ? flag : undefined;
}

/**
 * `locscore serve`: runs the reference server until SIGINT or SIGTERM. Every
 * setting comes from its flag, else its `LOCSCORE_*` variable, else the
 * server's default (`resolveServerSettings`, the server's own table), as for
 * `node dist/main.js`; the store is chosen as `locscore keys` chooses it
 * (`resolveStoreLocation`: PostgreSQL by URL, else a PGlite data directory,
 * `~/.locscore/data` when none is given), so `serve` and `keys` see the same
 * keys. Without `--region` or `--sample` it warns that every score will
 * answer 503 `not_configured`. Prints the URL on stdout; the server's JSON
 * logs go to stderr.
 *
 * @returns exit code 0 after a clean shutdown
 * @throws CliError (exit 2) for bad flags or variables, (exit 5) when PostgreSQL cannot be reached;
 *   `StoreLockedError` (exit 2) when another process holds the data directory
 *   (a holder that is exiting, e.g. just killed, is waited for up to 5 s)
 */
export async function runServe(options: ServeOptions, terminal: Terminal): Promise<number> {
  const settings = resolveServerSettings(options);
  // The same choice as the server's (flag, then variable; URL before data
  // directory), with `keys`'s default and the source named in messages.
  const location = resolveStoreLocation({ dataDir: textOf(options.dataDir), databaseUrl: textOf(options.databaseUrl) });
  if (settings.sample) note(terminal, 'Building the sample region (fictional town, SAMPLE DATA)...');
  else if (settings.regions.length === 0) {
    note(
      terminal,
      terminal.err.yellow(
        'No region pack loaded: every score request will answer 503 not_configured. Pass --region <dir> (see `locscore region import`) or --sample.',
      ),
    );
  }
  const server = await startServer({
    ...settings,
    ...(location.driver === 'pg' ? { databaseUrl: location.databaseUrl, dataDir: undefined } : { dataDir: location.dataDir, databaseUrl: undefined }),
  }).catch((error: unknown) => {
    throw location.driver === 'pg' && isConnectionFailure(error) ? postgresUnreachable(location, error) : error;
  });
  terminal.stdout.write(`${server.url}\n`);
  const packs = settings.regions.length + (settings.sample ? 1 : 0);
  note(terminal, terminal.err.dim(`Store: ${describeStoreLocation(location)}; ${packs} region pack(s). Stop with Ctrl-C.`));
  const operator =
    settings.adminToken === undefined
      ? 'franchisors sign in with an API key; set LOCSCORE_ADMIN_TOKEN for the operator and the admin API'
      : 'the operator signs in with the admin token, franchisors with an API key';
  note(terminal, terminal.err.dim(`Dashboard: ${server.url}/dashboard (${operator}).`));
  const signal = await nextTerminationSignal((received) => note(terminal, `Received ${received}, shutting down...`));
  // A second signal while closing ends the process at once.
  const force = (): void => process.exit(EXIT.interrupted);
  process.once('SIGINT', force);
  process.once('SIGTERM', force);
  await server.close();
  process.off('SIGINT', force);
  process.off('SIGTERM', force);
  note(terminal, `Stopped (${signal}).`);
  return EXIT.ok;
}
