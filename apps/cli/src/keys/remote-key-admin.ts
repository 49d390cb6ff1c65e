import { type AdminClient, AuthenticationError, NotFoundError } from '@locscore/sdk';
import { CliError, EXIT } from '../exit-codes.js';
import type { KeyAdmin } from './key-admin.js';

/**
 * The admin API's refusals in CLI words: a wrong token (exit 3), and a
 * server without an admin API, whose every admin route is 404 `no route …`
 * (exit 2); other errors pass on to the CLI's report.
 */
function inCliWords(baseUrl: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof AuthenticationError) {
      throw new CliError(`The server at ${baseUrl} refused the admin token (${error.message}); check LOCSCORE_ADMIN_TOKEN.`, EXIT.auth);
    }
    if (error instanceof NotFoundError && error.message.startsWith('no route')) {
      throw new CliError(`The server at ${baseUrl} has no admin API: start it with LOCSCORE_ADMIN_TOKEN (or --admin-token) set.`);
    }
    throw error;
  };
}

/**
 * {@link KeyAdmin} over a running server's admin API (`AdminClient`): works
 * while the server runs, whatever its store. `--account` is looked up by
 * name among the accounts, and created when none has it.
 *
 * @param admin - the client, with the admin token
 * @param baseUrl - the server, for messages
 */
export function remoteKeyAdmin(admin: AdminClient, baseUrl: string): KeyAdmin {
  const fail = inCliWords(baseUrl);
  const keys: KeyAdmin = {
    place: `the admin API of ${baseUrl}`,
    async create({ plan, name, account }) {
      let accountId: string | undefined;
      let accountCreated = false;
      if (account !== undefined) {
        const wanted = account.trim().toLowerCase();
        const found = (await admin.accounts.list()).find((candidate) => candidate.name.toLowerCase() === wanted);
        accountCreated = found === undefined;
        accountId = (found ?? (await admin.accounts.create(account))).id;
      }
      const { apiKey, webhookSecret, ...record } = await admin.keys.create({ plan, name, account: accountId });
      return { record, apiKey, webhookSecret, accountCreated };
    },
    list: () => admin.keys.list(),
    revoke: (prefix) => admin.keys.revoke(prefix),
    async rotateSecret(prefix) {
      const { webhookSecret, previousSecretExpiresAt } = await admin.keys.rotateSecret(prefix);
      return { webhookSecret, previousSecretExpiresAt };
    },
    setPlan: (prefix, plan) => admin.keys.setPlan(prefix, plan),
    close: async () => undefined,
  };
  return {
    place: keys.place,
    create: (options) => keys.create(options).catch(fail),
    list: () => keys.list().catch(fail),
    revoke: (prefix) => keys.revoke(prefix).catch(fail),
    rotateSecret: (prefix) => keys.rotateSecret(prefix).catch(fail),
    setPlan: (prefix, plan) => keys.setPlan(prefix, plan).catch(fail),
    close: keys.close,
  };
}
