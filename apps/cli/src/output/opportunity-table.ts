import type { OpportunityMap } from '@locscore/schema';
import { renderTable } from './table.js';

/** Header of the terminal table of `locscore opportunities`. */
const HEADER = ['#', 'Score', 'Verdict', 'Site', 'Nearest own unit', 'Cannibalisation'];

/** A share 0–1 as a whole percentage, `<1 %` for a small non-zero share. */
function percent(share: number | null): string {
  if (share === null) return 'unknown';
  if (share > 0 && share < 0.005) return '<1 %';
  return `${Math.round(share * 100)} %`;
}

/** Whole metres as km with one decimal from 1 km, else metres. */
function distance(metres: number): string {
  return metres >= 1_000 ? `${(metres / 1_000).toFixed(1)} km` : `${metres} m`;
}

/**
 * The opportunity map as a terminal table, best first: rank, score, the
 * verdict (`PASS`/`FAIL` and the story, never re-derived), the address or
 * the cell's coordinates, the nearest own unit and the cannibalisation
 * share; then one line saying what was scored and left out.
 *
 * @param map - the API's answer
 */
export function renderOpportunities(map: OpportunityMap): string {
  const rows = map.sites.map((site) => [
    String(site.rank),
    site.score.toFixed(1),
    `${site.passed ? 'PASS' : 'FAIL'} ${site.story}`,
    site.label ?? `${site.coordinates.lat.toFixed(5)}, ${site.coordinates.lng.toFixed(5)}`,
    site.nearestUnit === null ? '-' : `${site.nearestUnit.name} (${distance(site.nearestUnit.distanceMetres)})`,
    percent(site.cannibalisation),
  ]);
  const { territory, cannibalisation } = map.excluded;
  const summary =
    `${map.sites.length} sites for ${map.category} in ${map.region}, best of ${map.candidates} ${map.candidateKind === 'address' ? 'address points' : 'grid cells'} ` +
    `(one per ${map.dedupeMetres} m), at least ${map.spacingMetres} m apart; left out: ${territory} inside your territories, ` +
    `${cannibalisation} taking over ${Math.round(map.maxCannibalisationShare * 100)} % of a unit's demand.`;
  return `${map.sites.length === 0 ? 'No site left to answer.\n' : renderTable(HEADER, rows)}${summary}\n`;
}
