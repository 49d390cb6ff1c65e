import type { Delivery } from '@locscore/schema';
import { formatDateTime, NONE } from '../format/format.js';
import { TableHead } from './table-head.js';

const STATE_LABELS: Record<Delivery['state'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  stopped: 'Stopped (receiver answered 410)',
  exhausted: 'Failed: every attempt',
};

/**
 * A request's webhook deliveries, each with every attempt: when, the
 * receiver's status code, how long it took, and why it failed.
 *
 * @param deliveries - oldest first
 */
export function Deliveries({ deliveries }: { deliveries: readonly Delivery[] }) {
  if (deliveries.length === 0) return <p class="muted">No deliveries yet.</p>;
  return (
    <ol class="deliveries">
      {deliveries.map((delivery, index) => (
        <li key={delivery.deliveryId}>
          <h3 class="delivery-title">
            {delivery.kind === 'original' ? 'Delivery' : 'Redelivery'} {index + 1}:{' '}
            <span class={`state state-${delivery.state}`}>{STATE_LABELS[delivery.state]}</span>
          </h3>
          <p class="muted">
            Created {formatDateTime(delivery.createdAt)}
            {delivery.nextAttemptAt !== null && <> · next attempt {formatDateTime(delivery.nextAttemptAt)}</>}
          </p>
          <table>
            <caption class="visually-hidden">Attempts of delivery {index + 1}</caption>
            <TableHead columns={['Attempt', 'At', 'Status code', 'Duration', 'Error']} />
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.attempt}>
                  <th scope="row">{attempt.attempt}</th>
                  <td>{formatDateTime(attempt.at)}</td>
                  <td>{attempt.statusCode ?? 'no response'}</td>
                  <td>{attempt.durationMs} ms</td>
                  <td>{attempt.error ?? NONE}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ol>
  );
}
