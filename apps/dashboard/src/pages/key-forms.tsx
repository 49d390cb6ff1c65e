import { type Account, type CreatedKey, PLANS, type Plan } from '@locscore/schema';
import type { AdminClient } from '@locscore/sdk/browser';
import { useState } from 'preact/hooks';
import { CopySecret } from '../components/copy-secret.js';
import { ErrorAlert, StatusLine } from '../components/messages.js';
import { formatPlan } from '../format/format.js';
import { useAction } from '../hooks/use-action.js';

/** A new account, by name. */
export function CreateAccountForm({ admin, onCreated }: { admin: AdminClient; onCreated(): void }) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const create = useAction((accountName: string) => admin.accounts.create(accountName));
  const submit = async (event: Event) => {
    event.preventDefault();
    const account = await create.run(name);
    if (account === undefined) return;
    setName('');
    setCreated(account.name);
    onCreated();
  };
  return (
    <form class="card" onSubmit={submit}>
      <label for="account-name">Account name</label>
      <input id="account-name" required maxLength={100} value={name} onInput={(event) => setName(event.currentTarget.value)} />
      <ErrorAlert error={create.error} />
      {created !== null && <StatusLine>Account {created} created.</StatusLine>}
      <button type="submit" disabled={create.pending}>
        Create account
      </button>
    </form>
  );
}

/** A new key for an account on a plan; the key and its webhook secret are shown once, with copy buttons. */
export function CreateKeyForm({ admin, accounts, onCreated }: { admin: AdminClient; accounts: Account[]; onCreated(): void }) {
  const [account, setAccount] = useState(accounts[0]?.id ?? '');
  const [plan, setPlan] = useState<Plan>('starter');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const create = useAction(() => admin.keys.create({ account, plan, name: name.trim() === '' ? undefined : name.trim() }));
  const submit = async (event: Event) => {
    event.preventDefault();
    const key = await create.run();
    if (key === undefined) return;
    setCreated(key);
    setName('');
    onCreated();
  };
  if (created !== null) return <CreatedKeyPanel created={created} onDone={() => setCreated(null)} />;
  if (accounts.length === 0) return <p class="muted">Create an account first: every key belongs to one.</p>;
  return (
    <form class="card" onSubmit={submit}>
      <label for="key-account">Account</label>
      <select id="key-account" value={account} onChange={(event) => setAccount(event.currentTarget.value)}>
        {accounts.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
      <label for="key-plan">Plan</label>
      <select id="key-plan" value={plan} onChange={(event) => setPlan(event.currentTarget.value as Plan)}>
        {PLANS.map((item) => (
          <option key={item} value={item}>
            {formatPlan(item)}
          </option>
        ))}
      </select>
      <label for="key-name">Name (optional)</label>
      <input id="key-name" maxLength={100} value={name} onInput={(event) => setName(event.currentTarget.value)} />
      <ErrorAlert error={create.error} />
      <button type="submit" class="primary" disabled={create.pending}>
        Create key
      </button>
    </form>
  );
}

/** The new key and webhook secret, shown this once. */
function CreatedKeyPanel({ created, onDone }: { created: CreatedKey; onDone(): void }) {
  return (
    <section class="card once" aria-labelledby="created-heading">
      <h3 id="created-heading">
        Key <span class="mono">{created.prefix}</span> created for {created.accountName}
      </h3>
      <p>
        <strong>Copy the key and the webhook secret now.</strong> They are shown this once: the server keeps only a hash of the key.
      </p>
      <CopySecret label="API key" value={created.apiKey} />
      <CopySecret label="Webhook secret" value={created.webhookSecret} />
      <button type="button" onClick={onDone}>
        I have stored them
      </button>
    </section>
  );
}
