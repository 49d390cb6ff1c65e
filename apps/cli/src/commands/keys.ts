import { type ApiKeyRecord, PLANS, type Plan } from '@locscore/schema';
import { CliError, EXIT } from '../exit-codes.js';
import { cliCommand } from '../invocation.js';
import type { KeyAdmin } from '../keys/key-admin.js';
import { type KeyIntent, type KeyTargetFlags, openKeyAdmin } from '../keys/key-target.js';
import { printJson } from '../output/json.js';
import { renderTable } from '../output/table.js';
import { note, type Terminal } from '../output/terminal.js';

/** Flags shared by the `locscore keys` subcommands. */
export interface KeysOptions extends KeyTargetFlags {
  json?: boolean | undefined;
}

/**
 * Opens the keys (a running server's admin API with `--base-url`, else the
 * store, see `openKeyAdmin`), runs `work`, and always releases them. A data
 * directory held by a running server raises the server's `StoreLockedError`
 * (exit 2, naming `--base-url`); an unreachable PostgreSQL a CliError (exit 5).
 */
async function withKeys<T>(options: KeysOptions, intent: KeyIntent, work: (keys: KeyAdmin) => Promise<T>): Promise<T> {
  const keys = await openKeyAdmin(options, intent);
  try {
    return await work(keys);
  } finally {
    await keys.close();
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

/** `12/20`, `3/unlimited`. */
function usageText(record: ApiKeyRecord): string {
  return `${record.usage.used}/${record.usage.limit ?? 'unlimited'}`;
}

/**
 * `locscore keys create --plan <p> [--name <n>] [--account <name>]`: creates
 * an API key in the account named `--account` (made when none has that
 * name), or in a new account of its own. The key and its webhook secret are
 * shown once. `--json` prints `{ apiKey, webhookSecret, prefix, plan, name,
 * accountId, accountName }`.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) for an unknown plan or a store that does not exist; see `openKeyAdmin`
 */
export async function runKeysCreate(options: KeysOptions & { plan?: string; name?: string; account?: string }, terminal: Terminal): Promise<number> {
  const plan = requirePlan(options.plan);
  const created = await withKeys(options, 'create', (keys) =>
    keys.create({ plan, ...(options.name ? { name: options.name } : {}), ...(options.account ? { account: options.account } : {}) }),
  );
  const { record, apiKey, webhookSecret } = created;
  if (options.json) {
    printJson(terminal, {
      apiKey,
      webhookSecret,
      prefix: record.prefix,
      plan: record.plan,
      name: record.name,
      accountId: record.accountId,
      accountName: record.accountName,
    });
    return EXIT.ok;
  }
  terminal.stdout.write(`${apiKey}\n`);
  if (created.accountCreated) note(terminal, `Created the account "${record.accountName}".`);
  note(terminal, terminal.err.dim(`Plan ${record.plan}, prefix ${record.prefix}${record.name ? `, name ${record.name}` : ''}, account ${record.accountName}`));
  note(terminal, `Webhook secret: ${webhookSecret}`);
  note(terminal, terminal.err.yellow('Save the key and the webhook secret now: they are not shown again.'));
  return EXIT.ok;
}

/**
 * `locscore keys list`: every key's prefix, plan, account, usage this
 * period, last use, creation and revocation time (UTC), as a table or
 * `--json` array of the admin API's key records. Never shows keys or secrets.
 *
 * @returns exit code 0
 */
export async function runKeysList(options: KeysOptions, terminal: Terminal): Promise<number> {
  const { records, place } = await withKeys(options, 'use', async (keys) => ({ records: await keys.list(), place: keys.place }));
  if (options.json) printJson(terminal, records);
  else if (records.length === 0)
    note(
      terminal,
      `No API keys yet in ${place}: create one with \`${cliCommand()} keys create --plan starter\` and the same --data-dir, --database-url or --base-url.`,
    );
  else {
    terminal.stdout.write(
      renderTable(
        ['PREFIX', 'PLAN', 'NAME', 'ACCOUNT', 'USED', 'LAST USED', 'CREATED', 'REVOKED'],
        records.map((key) => [key.prefix, key.plan, key.name ?? '', key.accountName, usageText(key), key.lastUsedAt ?? '', key.createdAt, key.revokedAt ?? '']),
      ),
    );
  }
  return EXIT.ok;
}

/**
 * `locscore keys revoke <prefix>`: revokes a key; its requests then get 401.
 * Revoking a revoked key changes nothing.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) when no key has that prefix
 */
export async function runKeysRevoke(prefix: string, options: KeysOptions, terminal: Terminal): Promise<number> {
  const record = await withKeys(options, 'use', (keys) => keys.revoke(prefix));
  if (options.json) printJson(terminal, { prefix, revoked: true, revokedAt: record.revokedAt });
  else note(terminal, `${prefix} (${record.accountName}) is revoked since ${record.revokedAt}.`);
  return EXIT.ok;
}

/**
 * `locscore keys rotate-secret <prefix>`: replaces a key's webhook signing
 * secret and prints the new one (shown once) on stdout. For 24 hours the
 * previous secret still signs deliveries too.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) when no key has that prefix, or it is revoked
 */
export async function runKeysRotateSecret(prefix: string, options: KeysOptions, terminal: Terminal): Promise<number> {
  const rotated = await withKeys(options, 'use', (keys) => keys.rotateSecret(prefix));
  if (options.json) printJson(terminal, { prefix, ...rotated });
  else {
    terminal.stdout.write(`${rotated.webhookSecret}\n`);
    note(terminal, `Deliveries carry signatures of both secrets until ${rotated.previousSecretExpiresAt}; switch your receiver before then.`);
    note(terminal, terminal.err.yellow('Save the new webhook secret now: it is not shown again.'));
  }
  return EXIT.ok;
}

/**
 * `locscore keys set-plan <prefix> --plan <p>`: moves a key to another plan
 * from its next request; this period's limit becomes the new plan's and the
 * evaluations already used stay used.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) for an unknown plan or prefix, or a revoked key
 */
export async function runKeysSetPlan(prefix: string, options: KeysOptions & { plan?: string }, terminal: Terminal): Promise<number> {
  const plan = requirePlan(options.plan);
  const record = await withKeys(options, 'use', (keys) => keys.setPlan(prefix, plan));
  if (options.json) printJson(terminal, record);
  else note(terminal, `${prefix} is on ${record.plan} from its next request: ${usageText(record)} used this period, until ${record.usage.resetAt}.`);
  return EXIT.ok;
}
