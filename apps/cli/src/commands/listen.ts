import { DEFAULT_TOLERANCE_SECONDS } from '@locscore/sdk';
import { CliError, EXIT } from '../exit-codes.js';
import { formatDeliveryJson, formatDeliveryLine } from '../listen/delivery-line.js';
import { startWebhookReceiver } from '../listen/receiver.js';
import { note, type Terminal } from '../output/terminal.js';
import { nextTerminationSignal } from '../signals.js';
import { parsePort } from './serve.js';

/** Port `locscore listen` binds by default (next to the server's 8787). */
export const DEFAULT_LISTEN_PORT = 8788;

/** Flags of `locscore listen`. */
export interface ListenOptions {
  port?: string | undefined;
  host?: string | undefined;
  secret?: string | undefined;
  tolerance?: string | undefined;
  json?: boolean | undefined;
}

/**
 * The webhook secret: `--secret`, else `LOCSCORE_WEBHOOK_SECRET`.
 *
 * @param flag - `--secret` as parsed
 * @param env - the environment; default `process.env`
 * @returns `whsec_<base64>` as given
 * @throws CliError (exit 2) when neither is set
 */
export function resolveWebhookSecret(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const secret = flag ?? (env['LOCSCORE_WEBHOOK_SECRET'] === '' ? undefined : env['LOCSCORE_WEBHOOK_SECRET']);
  if (secret === undefined) {
    throw new CliError("missing --secret: pass the API key's webhook secret (whsec_..., from `locscore keys create`) or set LOCSCORE_WEBHOOK_SECRET");
  }
  return secret;
}

/** `--tolerance` as a number; its range (1–300) is the SDK's to check (a RangeError, reported below). */
function parseTolerance(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw toleranceError(value);
  return Number(value);
}

function toleranceError(value: string | undefined): CliError {
  return new CliError(`--tolerance must be a whole number of seconds from 1 to ${DEFAULT_TOLERANCE_SECONDS}, got "${value ?? ''}"`);
}

/**
 * `locscore listen`: a local receiver of webhook deliveries (like `stripe
 * listen`) running the SDK's `createWebhookHandler`. Verifies each POST
 * with the API key's webhook secret, answers 204, and prints it on stdout: one summary line per delivery
 * on a terminal, or one JSON object per line (the verified body) with
 * `--json` or when stdout is not a terminal. Refused requests (bad
 * signature, stale timestamp, malformed body: 400) are reported on stderr
 * and never printed on stdout. Prints its URL on stderr at start. Runs until
 * SIGINT or SIGTERM, then exits 0 (a clean stop, as `serve`).
 *
 * @param options - parsed flags
 * @param terminal - the command's terminal
 * @returns exit code 0 after SIGINT/SIGTERM
 * @throws CliError (exit 2) for a missing or malformed secret, a bad port or tolerance, or a port already in use
 */
export async function runListen(options: ListenOptions, terminal: Terminal): Promise<number> {
  const secret = resolveWebhookSecret(options.secret);
  const port = options.port === undefined ? DEFAULT_LISTEN_PORT : parsePort(options.port);
  const host = options.host ?? '127.0.0.1';
  const toleranceSeconds = parseTolerance(options.tolerance);
  const json = options.json === true || !terminal.stdoutIsTTY;
  let verified = 0;
  let rejected = 0;
  const receiver = await startWebhookReceiver({
    port,
    host,
    secret,
    toleranceSeconds,
    onDelivery(delivery) {
      verified += 1;
      terminal.stdout.write(`${json ? formatDeliveryJson(delivery) : formatDeliveryLine(delivery, terminal.out)}\n`);
    },
    onRejected(rejection) {
      rejected += 1;
      const id = rejection.webhookId ? ` ${rejection.webhookId}` : '';
      note(
        terminal,
        `${terminal.err.red('Rejected')} delivery${id} (${rejection.request}): ${rejection.reason}: ${rejection.message}; answered ${rejection.status}`,
      );
    },
  }).catch((error: unknown) => {
    if (error instanceof TypeError) throw new CliError(`invalid webhook secret: ${error.message}`);
    if (error instanceof RangeError) throw toleranceError(options.tolerance);
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    if (code === 'EADDRINUSE') throw new CliError(`port ${port} on ${host} is already in use; pass another --port (0 for any free port)`);
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') throw new CliError(`cannot listen on ${host}:${port} (${String(code)})`);
    throw error;
  });
  note(terminal, `Listening for locscore webhook deliveries on ${receiver.url}`);
  note(terminal, terminal.err.dim('Pass it as --webhook-url (a loopback URL needs a server started with --allow-private-webhooks). Stop with Ctrl-C.'));
  const signal = await nextTerminationSignal();
  await receiver.close();
  note(terminal, `Stopped (${signal}): ${verified} verified, ${rejected} rejected.`);
  return EXIT.ok;
}
