import { DEFAULT_TOLERANCE_SECONDS } from '@locscore/sdk';
import { read } from 'read';
import { CliError, EXIT } from '../exit-codes.js';
import { cliCommand } from '../invocation.js';
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

/** Asks for the webhook secret without echoing it; null when nobody can answer (stdin is not a terminal). */
export type SecretPrompt = (() => Promise<string>) | null;

/** The prompt of {@link resolveWebhookSecret} on a terminal: hidden input, the question on stderr. */
export function terminalSecretPrompt(): SecretPrompt {
  if (process.stdin.isTTY !== true) return null;
  return async () =>
    String(await read({ prompt: 'Webhook secret (whsec_..., shown by `keys create`; input hidden): ', silent: true, replace: '', output: process.stderr }));
}

/**
 * The webhook secret, kept out of the process list: `LOCSCORE_WEBHOOK_SECRET`,
 * else asked on the terminal (hidden), as `keys` takes the admin token from
 * `LOCSCORE_ADMIN_TOKEN`. `--secret` still works, for scripts that already
 * pass it, and wins over the variable, but warns: any user of the machine
 * sees a flag in `ps`, and the shell keeps it in its history.
 *
 * @param flag - `--secret` as parsed
 * @param warn - prints one warning line on stderr
 * @param prompt - asks on the terminal; null when stdin is not one
 * @param env - the environment; default `process.env`
 * @returns `whsec_<base64>` as given
 * @throws CliError (exit 2) when there is no secret (nothing set and no terminal, or an empty answer)
 */
export async function resolveWebhookSecret(
  flag: string | undefined,
  warn: (line: string) => void,
  prompt: SecretPrompt,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  if (flag !== undefined) {
    warn(
      'Warning: --secret shows the webhook secret to every user of this machine (ps) and in your shell history; set LOCSCORE_WEBHOOK_SECRET instead, or leave both out to be asked.',
    );
    return flag;
  }
  const fromEnv = env['LOCSCORE_WEBHOOK_SECRET'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const answer = prompt === null ? '' : (await prompt()).trim();
  if (answer !== '') return answer;
  throw new CliError(
    `No webhook secret: set LOCSCORE_WEBHOOK_SECRET to the API key's webhook secret (whsec_..., shown once by \`${cliCommand()} keys create\`; \`${cliCommand()} keys rotate-secret <prefix>\` makes a new one), or run this on a terminal to be asked for it.`,
  );
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
  const secret = await resolveWebhookSecret(options.secret, (line) => note(terminal, terminal.err.yellow(line)), terminalSecretPrompt());
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
