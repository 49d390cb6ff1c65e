import { CATEGORY_LABELS, type Category, type Competitor } from '@locscore/schema';
import { formatDistance } from './distance.js';

/**
 * Whether a competitor has no name of its own: the engine names a place
 * without an OSM `name` or `brand` `Unnamed <category label>` (the label in
 * lower case), which says nothing a reader can look up.
 *
 * @param competitor - an entry of `competitors`
 * @param category - the category scored
 */
export function isUnnamed(competitor: Competitor, category: Category | undefined): boolean {
  return category !== undefined && competitor.name === `Unnamed ${CATEGORY_LABELS[category].toLowerCase()}`;
}

/** `Bean There, 120 m, ★ 4.5`. */
function namedLine(competitor: Competitor): string {
  const parts = [competitor.name];
  if (competitor.distanceMetres !== undefined) parts.push(formatDistance(competitor.distanceMetres));
  if (competitor.rating !== null) parts.push(`★ ${competitor.rating.toFixed(1)}`);
  return parts.join(', ');
}

/** `2 coffee places with no name on the map, 58 m and 300 m away`. */
function unnamedLine(places: readonly Competitor[], category: Category): string {
  const kind = `${CATEGORY_LABELS[category].toLowerCase()} place${places.length === 1 ? '' : 's'}`;
  const distances = places.flatMap((place) => (place.distanceMetres === undefined ? [] : [formatDistance(place.distanceMetres)]));
  const where =
    distances.length === 0 ? '' : `, ${distances.length === 1 ? distances[0] : `${distances.slice(0, -1).join(', ')} and ${distances.at(-1)}`} away`;
  return `${places.length === 1 ? 'a' : places.length} ${kind} with no name on the map${where}`;
}

/**
 * The card's lines for the listed competitors (without bullet or colour),
 * nearest first: each named place with its distance and rating, and the
 * places without a name (see {@link isUnnamed}) together on one line, at
 * the place of the nearest of them, by kind and distance.
 *
 * @param competitors - the competitors to list, nearest first
 * @param category - the category scored, when known
 * @returns one line per named place, one for all unnamed ones
 */
export function competitorLines(competitors: readonly Competitor[], category: Category | undefined): string[] {
  const unnamed = competitors.filter((competitor) => isUnnamed(competitor, category));
  const lines: string[] = [];
  for (const competitor of competitors) {
    if (!isUnnamed(competitor, category)) lines.push(namedLine(competitor));
    else if (competitor === unnamed[0] && category !== undefined) lines.push(unnamedLine(unnamed, category));
  }
  return lines;
}
