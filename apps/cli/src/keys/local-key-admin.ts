import type { ApiKeyRecord } from '@locscore/schema';
import { quotaPeriod, type Store } from '@locscore/server';
import { CliError } from '../exit-codes.js';
import type { KeyAdmin } from './key-admin.js';

/**
 * {@link KeyAdmin} over a store the CLI opened itself (a PGlite data
 * directory or PostgreSQL): the server's own repositories, so the answers
 * match the admin API's.
 *
 * @param store - the open store; `close()` closes it
 * @param place - where it is, for messages
 */
export function localKeyAdmin(store: Store, place: string): KeyAdmin {
  const recordOf = async (prefix: string): Promise<ApiKeyRecord> => {
    const [record] = await store.keyRecords.records({ prefix }, quotaPeriod(new Date()));
    if (record === undefined) throw new CliError(`no key with prefix ${prefix} in ${place}`);
    return record;
  };
  const active = async (prefix: string): Promise<ApiKeyRecord> => {
    const record = await recordOf(prefix);
    if (record.revokedAt !== null) throw new CliError(`the key ${prefix} is revoked (since ${record.revokedAt})`);
    return record;
  };
  return {
    place,
    async create({ plan, name, account }) {
      let accountId: string | undefined;
      let accountCreated = false;
      if (account !== undefined) {
        const found = await store.accounts.findByName(account);
        accountCreated = found === null;
        accountId = (found ?? (await store.accounts.create(account))).id;
      }
      const created = await store.keys.create({ plan, name: name ?? null, ...(accountId === undefined ? {} : { accountId }) });
      return { record: await recordOf(created.prefix), apiKey: created.apiKey, webhookSecret: created.webhookSecret, accountCreated };
    },
    list: () => store.keyRecords.records({}, quotaPeriod(new Date())),
    async revoke(prefix) {
      await recordOf(prefix);
      await store.keys.revoke(prefix);
      return recordOf(prefix);
    },
    async rotateSecret(prefix) {
      await active(prefix);
      const rotated = await store.keys.rotateSecret(prefix);
      if (rotated === null) throw new CliError(`the key ${prefix} was revoked meanwhile`);
      return rotated;
    },
    async setPlan(prefix, plan) {
      await active(prefix);
      if ((await store.keys.setPlan(prefix, plan)) === null) throw new CliError(`the key ${prefix} was revoked meanwhile`);
      return recordOf(prefix);
    },
    close: () => store.close(),
  };
}
