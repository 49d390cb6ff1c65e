import { CATEGORY_LABELS, type TerritoryCheckResult } from '@locscore/schema';
import type { ChalkInstance } from 'chalk';
import { DEFAULT_CARD_WIDTH, wrapLine } from './card.js';
import { formatDistance } from './distance.js';
import { describeEncroachment, formatShare } from './territory-lines.js';
import { describeTerritory } from './unit-lines.js';

const count = new Intl.NumberFormat('en-US');

/**
 * Renders a territory check for a terminal: the site and territory, the
 * residents and households inside and whether they meet the minimum, the
 * units whose territory holds the site (a warning), the overlap on
 * residents with each unit territory (shares of each side, Esri A3/A4), the
 * units inside it, the reserved venues with the FTC FAQ 37 note, and the
 * region measured. Every line is wrapped to `width`.
 *
 * @param result - the API's territory check
 * @param style - chalk instance of the output stream
 * @param width - terminal columns
 * @returns the text, ending with a newline
 */
export function renderTerritoryCheck(result: TerritoryCheckResult, style: ChalkInstance, width: number = DEFAULT_CARD_WIDTH): string {
  const site = result.matchedAddress ?? `${result.coordinates.lat.toFixed(6)}, ${result.coordinates.lng.toFixed(6)}`;
  const lines = [style.bold(`Territory check: ${site} (${CATEGORY_LABELS[result.category]})`), ''];
  lines.push(`  Territory        ${describeTerritory(result.territory)}`);
  const households = result.households === null ? 'households unknown' : `${count.format(result.households)} households`;
  lines.push(`  Residents        ${count.format(result.residents)} (${households})`);
  if (result.minimumResidents !== null) {
    const verdict = result.meetsMinimum ? style.green('meets') : style.red('does not meet');
    lines.push(`  Minimum          ${verdict} the minimum of ${count.format(result.minimumResidents)} residents`);
  }
  for (const unit of result.encroaches) lines.push(style.red(`  ⚠ The site is inside the protected territory of ${describeEncroachment(unit)}`));
  lines.push(`  Overlaps         ${result.overlaps.length === 0 ? 'none' : ''}`.trimEnd());
  for (const overlap of result.overlaps) {
    lines.push(
      `    · ${overlap.name} (${overlap.status}, ${overlap.territoryType}): ${count.format(overlap.sharedResidents)} residents shared, ` +
        `${formatShare(overlap.shareOfCandidate)} of this territory, ${formatShare(overlap.shareOfUnit)} of the unit's`,
    );
  }
  lines.push(`  Units inside     ${result.unitsInside.length === 0 ? 'none' : ''}`.trimEnd());
  for (const unit of result.unitsInside) lines.push(`    · ${unit.name} (${unit.status}, ${formatDistance(unit.distanceMetres)})`);
  lines.push(`  Reserved venues  ${result.reservedVenues.length === 0 ? 'none' : ''}`.trimEnd());
  for (const venue of result.reservedVenues)
    lines.push(`    · ${venue.name ?? 'unnamed'} (${venue.kind}, ${venue.osmTag}, ${formatDistance(venue.distanceMetres)})`);
  if (result.reservedVenuesNote !== null) lines.push(style.yellow(`  ⚠ ${result.reservedVenuesNote}`));
  lines.push('', style.dim(`Region   ${result.region}`));
  return `${lines.map((line) => wrapLine(line, width)).join('\n')}\n`;
}
