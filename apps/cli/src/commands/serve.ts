import { StoreLockedError, startServer } from '@locscore/server';
import { resolveStoreLocation } from '../config.js';
import { lockHolder } from '../error-report.js';
import { CliError, EXIT } from '../exit-codes.js';
import { cliCommand } from '../invocation.js';
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
 * A failure to start in words a user can act on: a port in use or not
 * allowed (`EADDRINUSE`, `EACCES`: the listener's error) and a data
 * directory held by another server; anything else unchanged.
 *
 * @param error - what `startServer` threw
 * @param where - the port and host asked for
 * @returns a CliError (exit 2) for those cases, else `error`
 */
export function startFailure(error: unknown, where: { port: number; host: string }): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const address = `${where.host}:${where.port}`;
  if (code === 'EADDRINUSE') {
    return new CliError(
      `Port ${where.port} is already in use on ${where.host}: another server (perhaps an earlier \`${cliCommand()} serve\`) listens on ${address}. Stop it (Ctrl-C in its terminal), or pass --port <n> (--port 0 takes any free port).`,
    );
  }
  if (code === 'EACCES') {
    return new CliError(`Not allowed to listen on ${address} (ports under 1024 need privileges): pass --port <n> with a port from 1024 up, e.g. --port 8787.`);
  }
  if (error instanceof StoreLockedError) {
    return new CliError(
      `${lockHolder(error)}, most likely another \`${cliCommand()} serve\`. Stop it (Ctrl-C in its terminal), or start this one on another --data-dir.`,
    );
  }
  return error;
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
 * @throws CliError (exit 2) for bad flags or variables, a port in use and a data directory another
 *   process holds (a holder that is exiting, e.g. just killed, is waited for up to 5 s) (see
 *   {@link startFailure}), (exit 5) when PostgreSQL cannot be reached
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
        `No region pack loaded: every score request will answer 503 not_configured. Pass --region <dir> (see \`${cliCommand()} region import\`) or --sample.`,
      ),
    );
  }
  const server = await startServer({
    ...settings,
    ...(location.driver === 'pg' ? { databaseUrl: location.databaseUrl, dataDir: undefined } : { dataDir: location.dataDir, databaseUrl: undefined }),
  }).catch((error: unknown) => {
    throw location.driver === 'pg' && isConnectionFailure(error) ? postgresUnreachable(location, error) : startFailure(error, settings);
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
