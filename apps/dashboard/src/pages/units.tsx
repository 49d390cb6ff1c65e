import { CATEGORY_LABELS, type Category, type Unit } from '@locscore/schema';
import { useState } from 'preact/hooks';
import { ResourceView } from '../components/messages.js';
import { TableHead } from '../components/table-head.js';
import { UnitsMap } from '../components/units-map.js';
import { describeTerritory } from '../format/territory.js';
import { useResource } from '../hooks/use-resource.js';
import { useSession } from '../session/session-context.js';
import { TerritoryCheckSection } from './territory-check-section.js';
import { UnitImportForm } from './unit-import-form.js';

/**
 * Units: the account's own units and their protected territories on a map
 * and in a table, the import of a CSV or GeoJSON file of units, and the
 * check of a proposed territory drawn over its neighbours. Every key of the
 * account sees the same units; units cost no quota, a check one evaluation.
 */
export function UnitsPage() {
  const { franchisor } = useSession();
  const [version, setVersion] = useState(0);
  const [units] = useResource(
    async (signal) => {
      const all: Unit[] = [];
      for await (const unit of franchisor.units.all({}, { signal })) all.push(unit);
      return all;
    },
    [version],
  );
  const loaded = units.status === 'ready' ? units.data : [];
  return (
    <>
      <h1>Units</h1>
      <section aria-labelledby="units-heading" class="card">
        <h2 id="units-heading">Your units</h2>
        <ResourceView resource={units} label="units">
          {(list) => <UnitsOverview units={list} />}
        </ResourceView>
      </section>
      <UnitImportForm onImported={() => setVersion((value) => value + 1)} />
      <TerritoryCheckSection units={loaded} />
    </>
  );
}

/** The category most units have, for the map's roads. */
function mainCategory(units: readonly Unit[]): Category {
  const counts = new Map<Category, number>();
  for (const unit of units) counts.set(unit.category, (counts.get(unit.category) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'coffee';
}

function UnitsOverview({ units }: { units: Unit[] }) {
  if (units.length === 0) return <p>The account has no units yet. Import a CSV or GeoJSON file below, or add them with the API, the SDK or the CLI.</p>;
  return (
    <>
      <UnitsMap units={units} category={mainCategory(units)} title="Map of your units and their territories" />
      <table>
        <caption class="visually-hidden">Your units</caption>
        <TableHead columns={['Name', 'Category', 'Status', 'Territory', 'Site']} />
        <tbody>
          {units.map((unit) => (
            <tr key={unit.id}>
              <td>{unit.name}</td>
              <td>{CATEGORY_LABELS[unit.category]}</td>
              <td>{unit.status}</td>
              <td>{describeTerritory(unit.territory)}</td>
              <td>{unit.matchedAddress ?? `${unit.coordinates.lat.toFixed(5)}, ${unit.coordinates.lng.toFixed(5)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
