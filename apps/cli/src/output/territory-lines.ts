import type { Encroachment, ScoreResult, ScoreTerritory } from '@locscore/schema';
import type { ChalkInstance } from 'chalk';
import { formatDistance } from './distance.js';

/** Units the card names in its cannibalisation line; the rest are counted. */
export const LISTED_AFFECTED_UNITS = 3;

/**
 * A share 0–1 as a whole percentage for people, e.g. `0.9412` → `94%`; a
 * share above 0 that rounds to 0 is written `<1%`, so it is not read as none.
 *
 * @param share - 0–1
 */
export function formatShare(share: number): string {
  const percent = Math.round(share * 100);
  return percent === 0 && share > 0 ? '<1%' : `${percent}%`;
}

/**
 * One encroached unit in words: `Taïm (open, radius territory, 80 m away)`.
 *
 * @param unit - an entry of `meta.territory.encroaches`
 */
export function describeEncroachment(unit: Encroachment): string {
  return `${unit.name} (${unit.status}, ${unit.territoryType} territory, ${formatDistance(unit.distanceMetres)} away)`;
}

/**
 * The `meta.territory` of a result, when the server sent one (the key's
 * account has units of the category).
 *
 * @param result - a score result
 * @returns the territory block, or undefined
 */
export function territoryOf(result: ScoreResult): ScoreTerritory | undefined {
  return result.meta?.territory ?? undefined;
}

/**
 * The card's "Own units" section from `meta.territory`: each unit whose
 * protected territory holds the site (a warning: the site cannot pass), the
 * nearest own unit and its distance, and the cannibalisation (the share of
 * the candidate's captured demand that own units held, and the units that
 * lose most). Cannibalisation that the region cannot measure (no population
 * layer, `cannibalisation: null`) is said to be unmeasured, not shown as 0.
 *
 * @param territory - `meta.territory` of the result
 * @param style - chalk instance of the output stream
 * @returns the section's lines (a heading first), unwrapped
 */
export function territoryLines(territory: ScoreTerritory, style: ChalkInstance): string[] {
  const lines = [style.bold('Own units')];
  for (const unit of territory.encroaches) {
    lines.push(style.red(`  ⚠ Inside the protected territory of ${describeEncroachment(unit)}`));
  }
  const nearest = territory.nearestUnit;
  lines.push(`  Nearest unit     ${nearest === null ? 'none of this category' : `${nearest.name}, ${formatDistance(nearest.distanceMetres)}`}`);
  lines.push(`  Cannibalisation  ${cannibalisationText(territory)}`);
  return lines;
}

/** The cannibalisation line's text. */
function cannibalisationText(territory: ScoreTerritory): string {
  const cannibalisation = territory.cannibalisation;
  if (cannibalisation === null) return 'not measured (the region has no population layer)';
  const head = `${formatShare(cannibalisation.shareFromOwnUnits)} of the demand captured here would come from own units`;
  if (cannibalisation.units.length === 0) return head;
  const listed = cannibalisation.units.slice(0, LISTED_AFFECTED_UNITS).map((unit) => `${unit.name} −${formatShare(unit.shareLost)}`);
  const more = cannibalisation.units.length - listed.length;
  return `${head}; ${listed.join(', ')}${more > 0 ? `, +${more} more` : ''}`;
}
