import type { Encroachment, Insight, ScoreTerritory } from '@locscore/schema';
import { formatWholeNumber } from '../model/whole-number.js';

/** How each territory type reads in a sentence. */
const TERRITORY_WORDS: Readonly<Record<Encroachment['territoryType'], string>> = {
  radius: 'radius territory',
  polygon: 'drawn territory',
  population: 'population territory',
};

/**
 * Whether a site breaches a protected territory: some open or planned unit's
 * territory holds it. Such a site never passes (docs/api.md, `passed`).
 *
 * @param territory - `meta.territory` of the score
 */
export function breachesTerritory(territory: ScoreTerritory): boolean {
  return territory.encroaches.length > 0;
}

/**
 * The insight of a site inside protected territories: it names the nearest
 * unit whose territory holds the site, its status and distance, and how many
 * others do too.
 *
 * @param encroaches - `meta.territory.encroaches`, nearest first
 * @returns the insight, or null when no territory holds the site
 */
export function encroachmentInsight(encroaches: readonly Encroachment[]): Insight | null {
  const [nearest, ...others] = encroaches;
  if (nearest === undefined) return null;
  const more = others.length === 0 ? '' : `; ${formatWholeNumber(others.length)} more of your units' territories hold it too`;
  return {
    headline: `Inside the protected territory of ${nearest.name}`,
    detail: `${nearest.name} (${nearest.status}, ${formatWholeNumber(nearest.distanceMetres)} m away) protects this site with its ${TERRITORY_WORDS[nearest.territoryType]}: a unit here would encroach on it${more}.`,
  };
}
