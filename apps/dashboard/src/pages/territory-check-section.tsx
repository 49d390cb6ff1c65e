import type { Category, TerritoryCheckResult, TerritoryInput, Unit } from '@locscore/schema';
import { useState } from 'preact/hooks';
import { CategorySelect } from '../components/category-select.js';
import { Fact } from '../components/fact.js';
import { ErrorAlert } from '../components/messages.js';
import { TableHead } from '../components/table-head.js';
import { UnitsMap } from '../components/units-map.js';
import { formatEncroachments, formatMetres, formatPercent } from '../format/format.js';
import { describeTerritory, formatCount } from '../format/territory.js';
import { useAction } from '../hooks/use-action.js';
import { useSession } from '../session/session-context.js';

type TerritoryKind = 'radius' | 'population';

/**
 * Check a proposed territory around an address (one evaluation of the
 * quota): the residents and households inside, whether they meet the
 * minimum, the units whose territory holds the site, the overlap with each
 * unit territory, the units inside, the reserved venues; and a map of the
 * proposed territory drawn over the neighbouring units' territories.
 *
 * @param units - the account's units, drawn around the candidate
 */
export function TerritoryCheckSection({ units }: { units: readonly Unit[] }) {
  const { franchisor } = useSession();
  const [address, setAddress] = useState('');
  const [category, setCategory] = useState<Category>('coffee');
  const [kind, setKind] = useState<TerritoryKind>('radius');
  const [amount, setAmount] = useState('500');
  const [minimum, setMinimum] = useState('');
  const [checked, setChecked] = useState<{ address: string; result: TerritoryCheckResult } | null>(null);
  const check = useAction((body: Parameters<typeof franchisor.territories.check>[0]) => franchisor.territories.check(body));
  const submit = async (event: Event) => {
    event.preventDefault();
    const value = Number(amount);
    const territory: TerritoryInput = kind === 'radius' ? { type: 'radius', metres: value } : { type: 'population', residents: value };
    const body = { address, category, territory, ...(minimum.trim() === '' ? {} : { minimumResidents: Number(minimum) }) };
    const result = await check.run(body);
    if (result !== undefined) setChecked({ address, result });
  };
  return (
    <section aria-labelledby="check-heading" class="card">
      <h2 id="check-heading">Check a territory</h2>
      <form onSubmit={submit}>
        <label for="check-address">Address of the candidate</label>
        <input id="check-address" value={address} maxLength={300} required onInput={(event) => setAddress(event.currentTarget.value)} />
        <CategorySelect id="check-category" label="Category" value={category} onChange={setCategory} />
        <label for="check-kind">Territory</label>
        <select id="check-kind" value={kind} onChange={(event) => setKind(event.currentTarget.value as TerritoryKind)}>
          <option value="radius">Radius (metres)</option>
          <option value="population">Population (residents nearest the site)</option>
        </select>
        <label for="check-amount">{kind === 'radius' ? 'Radius in metres' : 'Residents'}</label>
        <input id="check-amount" type="number" min="1" required value={amount} onInput={(event) => setAmount(event.currentTarget.value)} />
        <label for="check-minimum">Minimum residents (optional)</label>
        <input id="check-minimum" type="number" min="1" value={minimum} onInput={(event) => setMinimum(event.currentTarget.value)} />
        <p class="muted">A check costs one evaluation of the key’s monthly quota.</p>
        <ErrorAlert error={check.error} />
        <button type="submit" class="primary" disabled={check.pending}>
          {check.pending ? 'Checking…' : 'Check territory'}
        </button>
      </form>
      {checked !== null && <CheckReport address={checked.address} result={checked.result} units={units} />}
    </section>
  );
}

function CheckReport({ address, result, units }: { address: string; result: TerritoryCheckResult; units: readonly Unit[] }) {
  const neighbours = units.filter((unit) => unit.category === result.category);
  return (
    <div class="check-report">
      <h3>
        {result.matchedAddress ?? address}: {describeTerritory(result.territory)}
      </h3>
      <dl class="facts">
        <Fact term="Residents">
          {formatCount(result.residents)} ({result.households === null ? 'households unknown' : `${formatCount(result.households)} households`})
        </Fact>
        {result.minimumResidents !== null && (
          <Fact term={<>Minimum of {formatCount(result.minimumResidents)}</>}>{result.meetsMinimum ? 'met' : 'not met'}</Fact>
        )}
        <Fact term="Site inside a unit’s territory">{formatEncroachments(result.encroaches, 'no')}</Fact>
        <Fact term="Units inside">
          {result.unitsInside.length === 0 ? 'none' : result.unitsInside.map((unit) => `${unit.name} (${formatMetres(unit.distanceMetres)})`).join('; ')}
        </Fact>
        <Fact term="Reserved venues">
          {result.reservedVenues.length === 0
            ? 'none'
            : result.reservedVenues.map((venue) => `${venue.name ?? 'unnamed'} (${venue.kind}, ${formatMetres(venue.distanceMetres)})`).join('; ')}
        </Fact>
      </dl>
      {result.reservedVenuesNote !== null && <p class="alert alert-warn">{result.reservedVenuesNote}</p>}
      {result.overlaps.length > 0 && (
        <table>
          <caption>Overlap with your units’ territories (on residents)</caption>
          <TableHead columns={['Unit', 'Residents shared', 'Share of this territory', 'Share of the unit’s']} />
          <tbody>
            {result.overlaps.map((overlap) => (
              <tr key={overlap.unitId}>
                <td>
                  {overlap.name} ({overlap.status})
                </td>
                <td>{formatCount(overlap.sharedResidents)}</td>
                <td>{formatPercent(overlap.shareOfCandidate)}</td>
                <td>{formatPercent(overlap.shareOfUnit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <UnitsMap
        units={neighbours}
        category={result.category}
        candidate={{ label: result.matchedAddress ?? address, coordinates: result.coordinates, territory: result.territory }}
        title={`Map of the proposed territory at ${result.matchedAddress ?? address} and your units`}
      />
      <p class="muted">Region measured: {result.region}</p>
    </div>
  );
}
