import { REQUEST_MODES, REQUEST_STATES, type RequestPage, type RequestSummary } from '@locscore/schema';
import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { ChoiceFilter } from '../components/choice-filter.js';
import { ErrorAlert, ResourceView, StatusLine } from '../components/messages.js';
import { TableHead } from '../components/table-head.js';
import { formatDateTime, formatScore, NONE } from '../format/format.js';
import { useAction } from '../hooks/use-action.js';
import { useResource } from '../hooks/use-resource.js';
import { filtersFromSearch, listParams, type RequestFilters, searchFromFilters } from '../requests/request-filters.js';
import { ROUTES } from '../routes.js';
import { useSession } from '../session/session-context.js';

/**
 * Requests, newest first, a page at a time: the operator sees every key's
 * (and may keep one key), a franchisor its own. The filters live in the URL,
 * so a filtered list can be bookmarked or shared.
 */
export function RequestsPage() {
  const { admin, franchisor } = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { filters, ignored } = filtersFromSearch(search);
  const log = admin?.requests ?? franchisor.requests;
  const [first] = useResource((signal) => log.list(listParams(filters), { signal }), [search]);
  return (
    <>
      <h1>Requests</h1>
      <FilterForm initial={filters} operator={admin !== null} onApply={(next) => navigate(`${ROUTES.requests}${searchFromFilters(next)}`)} />
      {ignored.length > 0 && <StatusLine>Left out of the filters, not valid: {ignored.join(', ')}</StatusLine>}
      <ResourceView resource={first} label="requests">
        {(page) => <RequestList first={page} operator={admin !== null} loadMore={(cursor) => log.list({ ...listParams(filters), cursor })} />}
      </ResourceView>
    </>
  );
}

function FilterForm({ initial, operator, onApply }: { initial: RequestFilters; operator: boolean; onApply(filters: RequestFilters): void }) {
  const [filters, setFilters] = useState(initial);
  const set = (name: keyof RequestFilters) => (event: { currentTarget: { value: string } }) =>
    setFilters({ ...filters, [name]: event.currentTarget.value || undefined });
  return (
    <form
      class="filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(filters);
      }}
    >
      <ChoiceFilter id="filter-status" label="Status" value={filters.status} choices={REQUEST_STATES} onChange={set('status')} />
      <ChoiceFilter
        id="filter-mode"
        label="Mode"
        value={filters.mode}
        choices={REQUEST_MODES}
        describe={(mode) => (mode === 'sync' ? 'synchronous' : 'webhook')}
        onChange={set('mode')}
      />
      <div>
        <label for="filter-since">Since (UTC day)</label>
        <input id="filter-since" type="date" value={filters.since ?? ''} onChange={set('since')} />
      </div>
      {operator && (
        <div>
          <label for="filter-key">Key prefix</label>
          <input id="filter-key" class="mono" maxLength={12} value={filters.key ?? ''} onInput={set('key')} placeholder="lsk_…" />
        </div>
      )}
      <button type="submit">Apply filters</button>
    </form>
  );
}

function RequestList({ first, operator, loadMore }: { first: RequestPage; operator: boolean; loadMore(cursor: string): Promise<RequestPage> }) {
  const [items, setItems] = useState<RequestSummary[]>(first.items);
  const [cursor, setCursor] = useState(first.nextCursor);
  useEffect(() => {
    setItems(first.items);
    setCursor(first.nextCursor);
  }, [first]);
  const more = useAction(loadMore);
  const next = async () => {
    if (cursor === null) return;
    const page = await more.run(cursor);
    if (page === undefined) return;
    setItems((previous) => [...previous, ...page.items]);
    setCursor(page.nextCursor);
  };
  if (items.length === 0) return <p class="muted">No requests match.</p>;
  return (
    <>
      <div class="table-scroll">
        <table>
          <caption class="visually-hidden">Requests, newest first</caption>
          <TableHead columns={['Made', operator && 'Key', 'Address', 'Category', 'Mode', 'Status', 'Score', 'Verdict', 'Delivery']} />
          <tbody>
            {items.map((request) => (
              <tr key={request.requestId}>
                <td>{formatDateTime(request.createdAt)}</td>
                {operator && <td class="mono">{request.keyPrefix}</td>}
                <th scope="row">
                  <Link href={ROUTES.request(request.requestId)}>{request.address}</Link>
                </th>
                <td>{request.category}</td>
                <td>{request.mode === 'sync' ? 'synchronous' : 'webhook'}</td>
                <td>
                  <span class={`state state-${request.status}`}>{request.status}</span>
                  {request.errorCode !== null && <span class="muted"> ({request.errorCode})</span>}
                </td>
                <td>{formatScore(request.score)}</td>
                <td class={request.passed === false ? 'verdict-fail' : request.passed ? 'verdict-pass' : undefined}>
                  {request.passed === null ? NONE : request.passed ? 'Pass' : 'Fail'}
                </td>
                <td>{request.deliveryState ?? NONE}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorAlert error={more.error} />
      {cursor !== null && (
        <button type="button" onClick={next} disabled={more.pending}>
          {more.pending ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}
