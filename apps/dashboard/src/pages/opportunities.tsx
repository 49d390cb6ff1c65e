import { CATEGORY_LABELS, type Category, DEFAULT_OPPORTUNITY_LIMIT, type OpportunityMap, type OpportunitySite, type ScoreResult } from '@locscore/schema';
import { useCallback, useState } from 'preact/hooks';
import { CategorySelect } from '../components/category-select.js';
import { ErrorAlert } from '../components/messages.js';
import { unitsNamedBy } from '../components/own-units-layer.js';
import { ResultCard } from '../components/result-card.js';
import { SiteMapView } from '../components/site-map-view.js';
import { describeError, type ErrorMessage } from '../format/error-message.js';
import { useSession } from '../session/session-context.js';
import { heatColour, OpportunitiesMap } from './opportunities-map.js';

/** Site counts the page offers. */
const LIMITS = [10, DEFAULT_OPPORTUNITY_LIMIT, 50] as const;

/** The chosen site's report: loading, scored, or why not. */
type Report = { site: OpportunitySite; state: 'scoring' } | { site: OpportunitySite; result: ScoreResult } | { site: OpportunitySite; error: ErrorMessage };

/**
 * Opportunities (whitespace analysis): for a category and a region, a heat
 * map of the region and the best sites the account's units do not yet
 * serve as a list beside it (`GET /api/franchisor/opportunities`, one
 * evaluation). Clicking a site, in the list or on the map, scores its
 * address (one more evaluation) and opens its site report below.
 */
export function OpportunitiesPage() {
  const { franchisor, sessionEnded } = useSession();
  const [category, setCategory] = useState<Category>('coffee');
  const [region, setRegion] = useState('');
  const [limit, setLimit] = useState<number>(DEFAULT_OPPORTUNITY_LIMIT);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<ErrorMessage | null>(null);
  const [map, setMap] = useState<OpportunityMap | null>(null);
  const [report, setReport] = useState<Report | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setRunning(true);
    setError(null);
    setReport(null);
    try {
      setMap(await franchisor.opportunities.list({ category, region: region.trim() === '' ? undefined : region.trim(), limit }));
    } catch (caught) {
      const described = describeError(caught);
      if (described.sessionEnded) return sessionEnded();
      setError(described);
    } finally {
      setRunning(false);
    }
  };

  const choose = useCallback(
    async (rank: number) => {
      const site = map?.sites.find((item) => item.rank === rank);
      if (map === null || site === undefined || site.label === null) return;
      setReport({ site, state: 'scoring' });
      try {
        setReport({ site, result: await franchisor.score({ address: site.label, category: map.category }) });
      } catch (caught) {
        const described = describeError(caught);
        if (described.sessionEnded) return sessionEnded();
        setReport({ site, error: described });
      }
      document.getElementById('opportunity-report')?.scrollIntoView?.({ block: 'start' });
    },
    [map, franchisor, sessionEnded],
  );

  return (
    <>
      <h1>Opportunities</h1>
      <form class="card no-print" onSubmit={submit}>
        <CategorySelect id="opportunity-category" label="Category" value={category} onChange={setCategory} />
        <label for="opportunity-region">Region (leave empty when the server holds one)</label>
        <input id="opportunity-region" value={region} maxLength={120} placeholder="liechtenstein" onInput={(event) => setRegion(event.currentTarget.value)} />
        <label for="opportunity-limit">Sites</label>
        <select id="opportunity-limit" value={String(limit)} onChange={(event) => setLimit(Number(event.currentTarget.value))}>
          {LIMITS.map((value) => (
            <option key={value} value={String(value)}>
              {value}
            </option>
          ))}
        </select>
        <p class="muted">
          Finding sites costs one evaluation of the key’s monthly quota; scoring a site you click costs one more. Sites inside your units’ protected
          territories, or taking more than 10 % of a unit’s customers, are left out.
        </p>
        <ErrorAlert error={error} />
        <button type="submit" class="primary" disabled={running}>
          {running ? 'Ranking sites…' : 'Find sites'}
        </button>
      </form>
      {map !== null && <Results map={map} onChoose={(rank) => void choose(rank)} />}
      {report !== null && map !== null && <SiteReport report={report} category={map.category} />}
    </>
  );
}

function Results({ map, onChoose }: { map: OpportunityMap; onChoose(rank: number): void }) {
  const { territory, cannibalisation } = map.excluded;
  return (
    <section aria-labelledby="opportunities-heading">
      <h2 id="opportunities-heading">
        Best sites for {CATEGORY_LABELS[map.category].toLowerCase()} in {map.region}
      </h2>
      <p class="muted">
        {map.sites.length} of {map.candidates} {map.candidateKind === 'address' ? 'address points' : 'grid cells'} scored, at least {map.spacingMetres} m apart.
        Left out: {territory} inside your territories, {cannibalisation} taking over {Math.round(map.maxCannibalisationShare * 100)} % of a unit’s customers.
      </p>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(16rem, 2fr)', gap: '1rem', alignItems: 'start' }}>
        <figure class="site-map">
          <OpportunitiesMap map={map} onChoose={onChoose} title={`Heat map of ${map.region} for ${CATEGORY_LABELS[map.category]}`} />
          <figcaption class="map-legend">
            Best score in each {map.heat.cellMetres} m cell: <span style={{ color: heatColour(2) }}>■</span> low <span style={{ color: heatColour(5) }}>■</span>{' '}
            middling <span style={{ color: heatColour(8.5) }}>■</span> high; <span style={{ color: '#1d4ed8' }}>●</span> the sites listed (hover for rank and
            score, click for the report).
          </figcaption>
        </figure>
        <SiteList sites={map.sites} onChoose={onChoose} />
      </div>
    </section>
  );
}

function SiteList({ sites, onChoose }: { sites: readonly OpportunitySite[]; onChoose(rank: number): void }) {
  if (sites.length === 0) return <p>No site left: every candidate lies inside your territories or too close to your units.</p>;
  return (
    <ol class="opportunity-list" aria-label="Top sites" style={{ margin: 0, paddingLeft: '1.5rem', maxHeight: '480px', overflowY: 'auto' }}>
      {sites.map((site) => (
        <li key={site.rank} style={{ marginBottom: '0.5rem' }}>
          {site.label === null ? (
            <span>
              Grid cell at {site.coordinates.lat.toFixed(5)}, {site.coordinates.lng.toFixed(5)} (no address to score)
            </span>
          ) : (
            <button type="button" class="link-button" onClick={() => onChoose(site.rank)}>
              {site.label}
            </button>
          )}
          <br />
          <strong>{site.score.toFixed(1)}</strong> · {site.passed ? 'Passes' : 'Does not pass'}: {site.story} · confidence {site.confidence}
          {site.nearestUnit !== null && (
            <>
              <br />
              <span class="muted">
                Nearest unit {site.nearestUnit.name}, {(site.nearestUnit.distanceMetres / 1_000).toFixed(1)} km
                {site.cannibalisation === null ? '' : `; takes ${Math.round(site.cannibalisation * 100)} % of a unit’s customers`}
              </span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

function SiteReport({ report, category }: { report: Report; category: Category }) {
  const address = report.site.label ?? '';
  return (
    <section id="opportunity-report" aria-labelledby="opportunity-report-heading" class="report">
      <div class="report-head">
        <h2 id="opportunity-report-heading">Site report: {address}</h2>
        {'result' in report && (
          <button type="button" class="no-print" onClick={() => window.print()}>
            Print site report
          </button>
        )}
      </div>
      {'state' in report && <p class="loading">Scoring {address}…</p>}
      {'error' in report && <ErrorAlert error={{ ...report.error, title: `${address}: ${report.error.title}` }} />}
      {'result' in report && (
        <>
          <ResultCard result={report.result} address={address} category={category} />
          <SiteMapView
            sites={[{ label: address, pinLabel: false, ...report.result.coordinates, unitIds: unitsNamedBy(report.result) }]}
            category={category}
            title={`Map of ${address}`}
          />
        </>
      )}
    </section>
  );
}
