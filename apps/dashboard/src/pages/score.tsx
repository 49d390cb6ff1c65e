import { CATEGORY_LABELS, type Category, type ScoreResult } from '@locscore/schema';
import { useState } from 'preact/hooks';
import { MAX_COMPARED_SITES, siteList } from '../compare/compare-sites.js';
import { CategorySelect } from '../components/category-select.js';
import { ErrorAlert } from '../components/messages.js';
import { unitsNamedBy } from '../components/own-units-layer.js';
import { ResultCard } from '../components/result-card.js';
import { SiteMapView } from '../components/site-map-view.js';
import { describeError, type ErrorMessage } from '../format/error-message.js';
import { useResource } from '../hooks/use-resource.js';
import { printReport } from '../print/print-report.js';
import { useSession } from '../session/session-context.js';
import { ComparisonTable } from './comparison-table.js';

/** One address scored, or why it was not. */
export type SiteOutcome = { address: string; result: ScoreResult } | { address: string; error: ErrorMessage };

/**
 * Score and compare: one address, or two to five for one category side by
 * side (a table and one map). Each address costs one evaluation of the key's
 * quota; an operator picks the key to charge. Any result prints as a
 * one-page site report.
 */
export function ScorePage() {
  const { franchisor, admin, sessionEnded } = useSession();
  const [category, setCategory] = useState<Category>('coffee');
  const [inputs, setInputs] = useState<string[]>(['']);
  const [onBehalfOf, setOnBehalfOf] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<{ category: Category; sites: SiteOutcome[] } | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const list = siteList(inputs);
    if (!list.ok) return setFormError(list.error);
    if (admin !== null && onBehalfOf === '') return setFormError('Choose the key to score as: each address costs one of its evaluations.');
    setFormError(null);
    setRunning(true);
    const options = admin === null ? {} : { onBehalfOf };
    const settled = await Promise.allSettled(list.addresses.map((address) => franchisor.score({ address, category }, options)));
    setRunning(false);
    const sites = settled.map((outcome, index): SiteOutcome => {
      const address = list.addresses[index] ?? '';
      return outcome.status === 'fulfilled' ? { address, result: outcome.value } : { address, error: describeError(outcome.reason) };
    });
    if (sites.some((site) => 'error' in site && site.error.sessionEnded)) return sessionEnded();
    setOutcomes({ category, sites });
  };
  return (
    <>
      <h1>Score and compare</h1>
      <form class="card no-print" onSubmit={submit}>
        <CategorySelect id="score-category" label="Category" value={category} onChange={setCategory} />
        <AddressInputs inputs={inputs} onChange={setInputs} />
        {admin !== null && <KeyPicker value={onBehalfOf} onChange={setOnBehalfOf} />}
        <p class="muted">Each address costs one evaluation of the key’s monthly quota.</p>
        {formError !== null && <ErrorAlert error={{ title: formError, details: [], sessionEnded: false }} />}
        <button type="submit" class="primary" disabled={running}>
          {running ? 'Scoring…' : inputs.length > 1 ? 'Score and compare' : 'Score'}
        </button>
      </form>
      {outcomes !== null && <Outcomes category={outcomes.category} sites={outcomes.sites} />}
    </>
  );
}

function AddressInputs({ inputs, onChange }: { inputs: string[]; onChange(inputs: string[]): void }) {
  return (
    <fieldset>
      <legend>Addresses (up to {MAX_COMPARED_SITES})</legend>
      {inputs.map((value, index) => (
        <div class="address-row" key={index}>
          <label for={`address-${index}`}>Address {index + 1}</label>
          <input
            id={`address-${index}`}
            value={value}
            maxLength={300}
            onInput={(event) => onChange(inputs.map((item, at) => (at === index ? event.currentTarget.value : item)))}
          />
          {inputs.length > 1 && (
            <button type="button" onClick={() => onChange(inputs.filter((_, at) => at !== index))}>
              Remove<span class="visually-hidden"> address {index + 1}</span>
            </button>
          )}
        </div>
      ))}
      {inputs.length < MAX_COMPARED_SITES && (
        <button type="button" onClick={() => onChange([...inputs, ''])}>
          Add an address to compare
        </button>
      )}
    </fieldset>
  );
}

function KeyPicker({ value, onChange }: { value: string; onChange(prefix: string): void }) {
  const { admin } = useSession();
  const [keys] = useResource(
    async (signal) => (admin === null ? [] : (await admin.keys.list({}, { signal })).filter((key) => key.revokedAt === null)),
    [admin],
  );
  const options = keys.status === 'ready' ? keys.data : [];
  return (
    <>
      <label for="score-key">Score as key</label>
      <select id="score-key" value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{keys.status === 'loading' ? 'Loading keys…' : 'Choose a key'}</option>
        {options.map((key) => (
          <option key={key.prefix} value={key.prefix}>
            {key.prefix} · {key.accountName} ({key.plan}, {key.usage.used} used)
          </option>
        ))}
      </select>
    </>
  );
}

function Outcomes({ category, sites }: { category: Category; sites: SiteOutcome[] }) {
  const scored = sites.flatMap((site) => ('result' in site ? [site] : []));
  const single = sites.length === 1 ? scored[0] : undefined;
  return (
    <section aria-labelledby="outcome-heading" class="report">
      <div class="report-head">
        <h2 id="outcome-heading">{sites.length === 1 ? 'Site report' : `Comparison: ${CATEGORY_LABELS[category]}`}</h2>
        <button type="button" class="no-print" onClick={() => void printReport()}>
          Print site report
        </button>
      </div>
      {sites.map((site) =>
        'error' in site ? <ErrorAlert key={site.address} error={{ ...site.error, title: `${site.address}: ${site.error.title}` }} /> : null,
      )}
      {single !== undefined && <ResultCard result={single.result} address={single.address} category={category} />}
      {scored.length > 1 && <ComparisonTable sites={scored} category={category} />}
      {scored.length > 0 && (
        <SiteMapView
          sites={scored.map((site, index) => ({
            label: scored.length === 1 ? site.address : String(index + 1),
            pinLabel: scored.length > 1,
            ...site.result.coordinates,
            unitIds: unitsNamedBy(site.result),
          }))}
          category={category}
          title={scored.length === 1 ? `Map of ${scored[0]?.address}` : 'Map of the compared sites'}
        />
      )}
    </section>
  );
}
