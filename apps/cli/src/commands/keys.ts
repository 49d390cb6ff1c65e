import { PLANS, type Plan } from '@locscore/schema';
import type { Store } from '@locscore/server';
import { resolveStoreLocation } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { printJson } from '../output/json.js';
import { renderTable } from '../output/table.js';
import { note, type Terminal } from '../output/terminal.js';
import { openStoreAt } from '../store-location.js';

/** Flags shared by the `locscore keys` subcommands. */
export interface KeysOptions {
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  json?: boolean | undefined;
}

/**
 * Opens the key store (PGlite data directory or PostgreSQL, see
 * `resolveStoreLocation`), runs `work`, and always closes it. A data
 * directory held by a running server raises the server's `StoreLockedError`
 * (mapped to exit 2); an unreachable PostgreSQL a CliError (exit 5).
 * PostgreSQL takes no lock: keys can be managed while servers run on it.
 */
async function withStore<T>(options: KeysOptions, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStoreAt(resolveStoreLocation(options));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * Checks a plan given on the command line.
 *
 * @throws CliError (exit 2) listing the plans when `plan` is not one of them
 */
export function requirePlan(plan: string | undefined): Plan {
  if (plan === undefined || !(PLANS as readonly string[]).includes(plan)) {
    throw new CliError(`${plan === undefined ? 'missing --plan' : `unknown plan "${plan}"`}; use one of: ${PLANS.join(', ')}`);
  }
  return plan as Plan;
}

/**
 * `locscore keys create --plan <p> [--name <n>]`: creates an API key in the
 * store (data directory or PostgreSQL). The key and its webhook secret are shown once
 * (only their hashes and the prefix are stored). `--json` prints
 * `{ apiKey, plan, prefix, webhookSecret }`.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) for an unknown plan; `StoreLockedError` when a server holds the data directory
 */
export async function runKeysCreate(options: KeysOptions & { plan?: string; name?: string }, terminal: Terminal): Promise<number> {
  const plan = requirePlan(options.plan);
  const created = await withStore(options, (store) => store.keys.create({ plan, ...(options.name ? { name: options.name } : {}) }));
  if (options.json) {
    printJson(terminal, { apiKey: created.apiKey, plan: created.plan, prefix: created.prefix, webhookSecret: created.webhookSecret });
    return EXIT.ok;
  }
  terminal.stdout.write(`${created.apiKey}\n`);
  note(terminal, terminal.err.dim(`Plan ${created.plan}, prefix ${created.prefix}${created.name ? `, name ${created.name}` : ''}`));
  note(terminal, `Webhook secret: ${created.webhookSecret}`);
  note(terminal, terminal.err.yellow('Save the key and the webhook secret now: they are not shown again.'));
  return EXIT.ok;
}

/**
 * `locscore keys list`: every key's prefix, plan, name, creation and
 * revocation time (UTC), as a table or `--json` array. Never shows keys or secrets.
 *
 * @returns exit code 0
 */
export async function runKeysList(options: KeysOptions, terminal: Terminal): Promise<number> {
  const keys = await withStore(options, (store) => store.keys.list());
  if (options.json) printJson(terminal, keys);
  else if (keys.length === 0) note(terminal, 'No API keys yet: create one with `locscore keys create --plan starter`.');
  else {
    terminal.stdout.write(
      renderTable(
        ['PREFIX', 'PLAN', 'NAME', 'CREATED', 'REVOKED'],
        keys.map((key) => [key.prefix, key.plan, key.name ?? '', key.createdAt, key.revokedAt ?? '']),
      ),
    );
  }
  return EXIT.ok;
}

/**
 * `locscore keys revoke <prefix>`: revokes a key; its requests then get 401.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) when no active key has that prefix
 */
export async function runKeysRevoke(prefix: string, options: KeysOptions, terminal: Terminal): Promise<number> {
  const revoked = await withStore(options, (store) => store.keys.revoke(prefix));
  if (!revoked) throw new CliError(`no active key with prefix ${prefix}`);
  if (options.json) printJson(terminal, { prefix, revoked: true });
  else note(terminal, `Revoked ${prefix}.`);
  return EXIT.ok;
}

/**
 * `locscore keys rotate-secret <prefix>`: replaces a key's webhook signing
 * secret and prints the new one (shown once) on stdout.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) when no key has that prefix
 */
export async function runKeysRotateSecret(prefix: string, options: KeysOptions, terminal: Terminal): Promise<number> {
  const secret = await withStore(options, (store) => store.keys.rotateSecret(prefix));
  if (secret === null) throw new CliError(`no key with prefix ${prefix}`);
  if (options.json) printJson(terminal, { prefix, webhookSecret: secret });
  else {
    terminal.stdout.write(`${secret}\n`);
    note(terminal, terminal.err.yellow('Save the new webhook secret now: it is not shown again.'));
  }
  return EXIT.ok;
}
