import { CATEGORY_LABELS, type RequestDetail } from '@locscore/schema';
import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { Deliveries } from '../components/deliveries.js';
import { Fact } from '../components/fact.js';
import { ErrorAlert, ResourceView, StatusLine } from '../components/messages.js';
import { unitsNamedBy } from '../components/own-units-layer.js';
import { ResultCard } from '../components/result-card.js';
import { SiteMapView } from '../components/site-map-view.js';
import { formatDateTime } from '../format/format.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { printReport } from '../print/print-report.js';
import { ROUTES } from '../routes.js';
import { useSession } from '../session/session-context.js';

/**
 * One request: what was asked, its result card and map (or its error), and
 * its webhook deliveries with every attempt and a redeliver button.
 *
 * @param requestId - from the URL
 */
export function RequestDetailPage({ requestId }: { requestId: string }) {
  const { admin, franchisor } = useSession();
  const log = admin?.requests ?? franchisor.requests;
  const [detail, reload] = useResource((signal) => log.get(requestId, { signal }), [requestId]);
  const [queued, setQueued] = useState<string | null>(null);
  const redeliver = useAction(() => log.redeliver(requestId));
  const onRedeliver = async () => {
    const ack = await redeliver.run();
    if (ack === undefined) return;
    setQueued(ack.deliveryId);
    reload();
  };
  return (
    <>
      <p class="no-print">
        <Link href={ROUTES.requests}>← Requests</Link>
      </p>
      <ResourceView resource={detail} label="the request">
        {(request) => (
          <>
            <RequestHeader request={request} />
            {request.result !== null && (
              <section aria-labelledby="result-heading" class="report">
                <h2 id="result-heading">Result</h2>
                <ResultCard result={request.result} address={request.address} category={request.category} />
                <SiteMapView
                  sites={[{ label: request.address, pinLabel: false, ...request.result.coordinates, unitIds: unitsNamedBy(request.result) }]}
                  category={request.category}
                  title={`Map of ${request.address}`}
                />
              </section>
            )}
            {request.error !== null && <ErrorAlert error={{ title: `${request.error.code}: ${request.error.message}`, details: [], sessionEnded: false }} />}
            {request.mode === 'async' && (
              <section aria-labelledby="deliveries-heading" class="no-print">
                <h2 id="deliveries-heading">Webhook deliveries</h2>
                <p class="muted">To {request.webhookUrl}</p>
                <Deliveries deliveries={request.deliveries} />
                <ErrorAlert error={redeliver.error} />
                {queued !== null && <StatusLine>Redelivery {queued} queued.</StatusLine>}
                <button type="button" onClick={onRedeliver} disabled={redeliver.pending || request.status === 'queued' || request.status === 'running'}>
                  Redeliver
                </button>
              </section>
            )}
          </>
        )}
      </ResourceView>
    </>
  );
}

function RequestHeader({ request }: { request: RequestDetail }) {
  return (
    <>
      <h1>{request.address}</h1>
      <dl class="facts inline">
        <Fact term="Category">{CATEGORY_LABELS[request.category]}</Fact>
        <Fact term="Status">
          <span class={`state state-${request.status}`}>{request.status}</span> ({request.mode === 'sync' ? 'synchronous' : 'webhook mode'})
        </Fact>
        <Fact term="Key" mono>
          {request.keyPrefix}
        </Fact>
        <Fact term="Made">{formatDateTime(request.createdAt)}</Fact>
        <Fact term="Request id" mono>
          {request.requestId}
        </Fact>
      </dl>
      <button type="button" class="no-print" onClick={() => void printReport()}>
        Print site report
      </button>
    </>
  );
}
