import type { Account, ApiKeyRecord } from '@locscore/schema';
import type { AdminClient } from '@locscore/sdk/browser';
import { ResourceView } from '../components/messages.js';
import { useResource } from '../hooks/use-resource.js';
import { useSession } from '../session/session-context.js';
import { CreateAccountForm, CreateKeyForm } from './key-forms.js';
import { KeyTable } from './key-table.js';

/** Accounts and keys of the server, as the Keys page shows them. */
export interface KeysData {
  accounts: Account[];
  keys: ApiKeyRecord[];
}

/**
 * Keys (operator only): accounts, creating a key (shown once, with copy),
 * changing a key's plan, rotating its webhook secret and revoking it, each
 * after a confirmation.
 */
export function KeysPage() {
  const { admin } = useSession();
  if (admin === null) return <p>Only the operator manages keys.</p>;
  return <KeysView admin={admin} />;
}

function KeysView({ admin }: { admin: AdminClient }) {
  const [data, reload] = useResource(
    async (signal): Promise<KeysData> => {
      const [accounts, keys] = await Promise.all([admin.accounts.list({ signal }), admin.keys.list({}, { signal })]);
      return { accounts, keys };
    },
    [admin],
  );
  return (
    <>
      <h1>Keys</h1>
      <ResourceView resource={data} label="accounts and keys">
        {({ accounts, keys }) => (
          <>
            <section aria-labelledby="create-key-heading" class="columns">
              <div>
                <h2 id="create-key-heading">Create a key</h2>
                <CreateKeyForm admin={admin} accounts={accounts} onCreated={reload} />
              </div>
              <div>
                <h2 id="create-account-heading">Create an account</h2>
                <CreateAccountForm admin={admin} onCreated={reload} />
              </div>
            </section>
            <section aria-labelledby="keys-heading">
              <h2 id="keys-heading">Keys</h2>
              <KeyTable admin={admin} keys={keys} onChanged={reload} />
            </section>
          </>
        )}
      </ResourceView>
    </>
  );
}
