import { type ApiKeyRecord, PLANS, type Plan, type RotatedSecret } from '@locscore/schema';
import type { AdminClient } from '@locscore/sdk/browser';
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { CopySecret } from '../components/copy-secret.js';
import { ErrorAlert } from '../components/messages.js';
import { TableHead } from '../components/table-head.js';
import { UsageMeter } from '../components/usage-meter.js';
import { formatDate, formatDateTime, formatPlan } from '../format/format.js';
import { useAction } from '../hooks/use-action.js';

/** The change waiting for the operator's confirmation. */
type Pending = { kind: 'plan'; key: ApiKeyRecord; plan: Plan } | { kind: 'rotate'; key: ApiKeyRecord } | { kind: 'revoke'; key: ApiKeyRecord };

/** Every key with its usage, plan and actions; each change is confirmed in a dialog first. */
export function KeyTable({ admin, keys, onChanged }: { admin: AdminClient; keys: ApiKeyRecord[]; onChanged(): void }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);
  const change = useAction(async (action: Pending) => {
    if (action.kind === 'plan') return void (await admin.keys.setPlan(action.key.prefix, action.plan));
    if (action.kind === 'revoke') return void (await admin.keys.revoke(action.key.prefix));
    setRotated(await admin.keys.rotateSecret(action.key.prefix));
  });
  const confirm = async () => {
    if (pending === null) return;
    await change.run(pending);
    setPending(null);
    onChanged();
  };
  if (keys.length === 0) return <p class="muted">No keys yet.</p>;
  return (
    <>
      <ErrorAlert error={change.error} />
      {rotated !== null && (
        <section class="card once" aria-label="New webhook secret">
          <p>
            New webhook secret of <span class="mono">{rotated.prefix}</span>, shown this once. Until {formatDateTime(rotated.previousSecretExpiresAt)}{' '}
            deliveries carry signatures of both the new and the previous secret.
          </p>
          <CopySecret label="Webhook secret" value={rotated.webhookSecret} />
          <button type="button" onClick={() => setRotated(null)}>
            I have stored it
          </button>
        </section>
      )}
      <div class="table-scroll">
        <table>
          <TableHead columns={['Key', 'Account', 'Plan', 'Used this period', 'Last used', 'Actions']} />
          <tbody>
            {keys.map((key) => (
              <KeyRow
                key={key.prefix}
                record={key}
                onPlan={(plan) => setPending({ kind: 'plan', key, plan })}
                onRotate={() => setPending({ kind: 'rotate', key })}
                onRevoke={() => setPending({ kind: 'revoke', key })}
              />
            ))}
          </tbody>
        </table>
      </div>
      {pending !== null && <PendingDialog pending={pending} running={change.pending} onConfirm={confirm} onCancel={() => setPending(null)} />}
    </>
  );
}

function KeyRow({ record, onPlan, onRotate, onRevoke }: { record: ApiKeyRecord; onPlan(plan: Plan): void; onRotate(): void; onRevoke(): void }) {
  const revoked = record.revokedAt !== null;
  const planId = `plan-${record.prefix}`;
  return (
    <tr class={revoked ? 'revoked' : undefined}>
      <th scope="row">
        <span class="mono">{record.prefix}</span> {record.name}
        {revoked && <span class="state state-revoked"> revoked {formatDate(record.revokedAt ?? '')}</span>}
      </th>
      <td>{record.accountName}</td>
      <td>
        <label for={planId} class="visually-hidden">
          Plan of {record.prefix}
        </label>
        <select id={planId} value={record.plan} disabled={revoked} onChange={(event) => onPlan(event.currentTarget.value as Plan)}>
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {formatPlan(plan)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <UsageMeter used={record.usage.used} limit={record.usage.limit} label={`Usage of ${record.prefix}`} />
      </td>
      <td>{formatDateTime(record.lastUsedAt)}</td>
      <td class="actions">
        <button type="button" disabled={revoked} onClick={onRotate}>
          Rotate secret<span class="visually-hidden"> of {record.prefix}</span>
        </button>
        <button type="button" class="danger" disabled={revoked} onClick={onRevoke}>
          Revoke<span class="visually-hidden"> {record.prefix}</span>
        </button>
      </td>
    </tr>
  );
}

function PendingDialog({ pending, running, onConfirm, onCancel }: { pending: Pending; running: boolean; onConfirm(): void; onCancel(): void }) {
  const prefix = pending.key.prefix;
  if (pending.kind === 'plan') {
    return (
      <ConfirmDialog
        title={`Move ${prefix} to ${formatPlan(pending.plan)}?`}
        confirmLabel="Change plan"
        pending={running}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>From its next request the key’s limit this period is the new plan’s. The {pending.key.usage.used} evaluations already used stay used.</p>
      </ConfirmDialog>
    );
  }
  if (pending.kind === 'rotate') {
    return (
      <ConfirmDialog title={`Rotate the webhook secret of ${prefix}?`} confirmLabel="Rotate secret" pending={running} onConfirm={onConfirm} onCancel={onCancel}>
        <p>A new secret signs deliveries from now on; the previous one keeps signing alongside it for 24 hours.</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog title={`Revoke ${prefix}?`} confirmLabel="Revoke key" pending={running} onConfirm={onConfirm} onCancel={onCancel}>
      <p>Every request with this key is refused (401) from now on. This cannot be undone: the franchisor needs a new key.</p>
    </ConfirmDialog>
  );
}
