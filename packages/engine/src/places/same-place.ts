import { foldText } from '@locscore/schema';
import { distance as editDistance } from 'fastest-levenshtein';
import { haversineMetres } from '../region/geometry.js';
import type { Poi } from '../region/types.js';
import { PointIndex } from './point-index.js';

/**
 * Two mappings of one place with the same name or brand lie within this many
 * metres (great circle): a shop's node and its building's centroid, an
 * entrance and the shop, a kindergarten's building and its grounds.
 */
export const SAME_PLACE_METRES = 60;

/** Folded names at least this long that differ by one edit (and have as many words) are one name misspelt. */
const TYPO_MIN_LENGTH = 8;

/** The POI's name, else its brand (trimmed), or null. */
export function poiDisplayName(poi: Poi): string | null {
  for (const text of [poi.name, poi.tags.name, poi.brand, poi.tags.brand]) {
    const trimmed = text?.trim();
    if (trimmed !== undefined && trimmed !== '') return trimmed;
  }
  return null;
}

/** The POI's brand: the pack's `brand` (set at import), else OSM `brand`, or null. */
export function poiBrand(poi: Poi): string | null {
  const brand = (poi.brand ?? poi.tags.brand)?.trim();
  return brand === undefined || brand === '' ? null : brand;
}

/** The POI's brand Wikidata id: the pack's `brandWikidata`, else OSM `brand:wikidata`, or null. */
export function poiBrandWikidata(poi: Poi): string | null {
  const id = (poi.brandWikidata ?? poi.tags['brand:wikidata'])?.trim();
  return id === undefined || id === '' ? null : id;
}

/**
 * Whether two POIs carry the same brand: the same Wikidata id when both have
 * one, else the same folded brand name when both have one.
 *
 * @returns true or false, or null when either has no brand
 */
export function sameBrand(a: Poi, b: Poi): boolean | null {
  const [wikiA, wikiB] = [poiBrandWikidata(a), poiBrandWikidata(b)];
  if (wikiA !== null && wikiB !== null) return wikiA === wikiB;
  const [brandA, brandB] = [poiBrand(a), poiBrand(b)];
  if (brandA === null || brandB === null) return null;
  return foldText(brandA) === foldText(brandB);
}

/**
 * Whether two folded names (`foldText`) name one place: equal; every word of
 * the shorter is a word of the longer (`rebera` / `rebera sud`, `post` /
 * `post vaduz`); or, for names of at least 8 characters with as many words,
 * one edit apart (`kindergaten schule` / `kindergarten schule`).
 *
 * @param a - a folded name
 * @param b - another
 */
export function namesAgree(a: string, b: string): boolean {
  if (a === b) return true;
  const [wordsA, wordsB] = [a.split(' '), b.split(' ')];
  const [fewer, more] = wordsA.length <= wordsB.length ? [wordsA, new Set(wordsB)] : [wordsB, new Set(wordsA)];
  if (fewer.every((word) => more.has(word))) return true;
  return wordsA.length === wordsB.length && Math.min(a.length, b.length) >= TYPO_MIN_LENGTH && editDistance(a, b) <= 1;
}

/**
 * Whether two POIs of one category, `metres` apart, are one place mapped
 * twice. Never when both carry brands and the brands differ. Otherwise, when
 * one lies inside the other's mapped outline (`Poi.inside`), at any distance,
 * or when they are within {@link SAME_PLACE_METRES}: yes if they carry the same
 * brand, else if both are named and the names agree ({@link namesAgree}), else
 * (an unnamed one) only when one lies inside the other's outline.
 *
 * @param a - a POI
 * @param b - another POI of the same category
 * @param metres - great-circle distance between them
 */
export function isSamePlace(a: Poi, b: Poi, metres: number): boolean {
  const brand = sameBrand(a, b);
  if (brand === false) return false;
  const contained = (a.inside?.includes(b.id) ?? false) || (b.inside?.includes(a.id) ?? false);
  if (!contained && !(metres <= SAME_PLACE_METRES)) return false;
  if (brand === true) return true;
  const [nameA, nameB] = [poiDisplayName(a), poiDisplayName(b)];
  if (nameA === null || nameB === null) return contained;
  return namesAgree(foldText(nameA), foldText(nameB));
}

/**
 * Groups the POIs of one category into places: every pair {@link isSamePlace}
 * accepts (pairs within {@link SAME_PLACE_METRES}, and pairs where one lies in
 * the other's outline) joins one group, and groups sharing a POI merge
 * (single linkage), so a kindergarten's building and the two group entrances
 * mapped inside it are one place.
 *
 * @param pois - POIs of one category
 * @returns groups in order of their first POI, each in input order
 */
export function groupSamePlaces(pois: readonly Poi[]): Poi[][] {
  const parent = pois.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] ?? at;
    parent[index] = at;
    return at;
  };
  const join = (a: number, b: number): void => {
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const index = new PointIndex(pois);
  const position = new Map(pois.map((poi, at) => [poi.id, at]));
  pois.forEach((poi, at) => {
    index.forEachWithin(poi, SAME_PLACE_METRES, (other, otherAt) => {
      if (otherAt > at && isSamePlace(poi, other, haversineMetres(poi, other))) join(at, otherAt);
    });
    for (const id of poi.inside ?? []) {
      const otherAt = position.get(id);
      const other = otherAt === undefined ? undefined : pois[otherAt];
      if (otherAt !== undefined && other !== undefined && isSamePlace(poi, other, haversineMetres(poi, other))) join(at, otherAt);
    }
  });
  const groups = new Map<number, Poi[]>();
  pois.forEach((poi, at) => {
    const key = root(at);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [poi]);
    else group.push(poi);
  });
  return [...groups.values()];
}
