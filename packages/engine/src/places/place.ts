import { foldText } from '@locscore/schema';
import type { LatLng, Poi } from '../region/types.js';
import { poiBrand, poiBrandWikidata, poiDisplayName } from './same-place.js';

/**
 * A brand counts as a chain when the pack holds at least this many places of
 * it in one category (besides every brand the name-suggestion-index lists, or
 * OSM gives a `brand:wikidata`).
 */
export const CHAIN_MIN_PLACES = 2;

/**
 * One place of a category: the OSM objects that map it (a node, its building,
 * an entrance; `places/same-place.ts`), seen as one, at its representative's
 * point.
 */
export interface Place extends LatLng {
  /** The representative's id, e.g. `n597898803`. */
  id: string;
  /** The representative: the rated mapping with most reviews, else a named one, else the one with most tags (first in pack order on a tie). */
  poi: Poi;
  /** Every mapping of the place, the representative first. */
  mappings: readonly Poi[];
  /** Name (else brand) of the representative, else of another mapping; null when none has one. */
  name: string | null;
  /** 0–5 from the ratings source (the representative's), else null. */
  rating: number | null;
  /** Reviews behind `rating`, where the ratings source gives them. */
  ratingCount: number | null;
  /** The brand (representative's, else another mapping's), or null. */
  brand: string | null;
  /** Wikidata id of the brand, or null. */
  brandWikidata: string | null;
  /** name-suggestion-index item of the brand, or null. */
  nsiId: string | null;
}

/**
 * A rating in 0–5, else null (a malformed pack value never reaches a result).
 *
 * @param rating - a pack value
 */
export function validRating(rating: number | null | undefined): number | null {
  return typeof rating === 'number' && Number.isFinite(rating) && rating >= 0 && rating <= 5 ? rating : null;
}

const validCount = (count: number | undefined): number | null => (typeof count === 'number' && Number.isFinite(count) && count >= 0 ? count : null);

/** Sort key of a mapping as representative: rated, more reviews, named, more tags. */
function merit(poi: Poi): number[] {
  const rated = validRating(poi.rating) === null ? 0 : 1;
  return [rated, rated === 1 ? (validCount(poi.ratingCount) ?? 0) : 0, poiDisplayName(poi) === null ? 0 : 1, Object.keys(poi.tags).length];
}

function betterThan(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const [x = 0, y = 0] = [a[i], b[i]];
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * The place mapped by a group of POIs ({@link Place}).
 *
 * @param mappings - one or more POIs of one place, in pack order
 * @throws RangeError for an empty group
 */
export function placeOf(mappings: readonly Poi[]): Place {
  let best: Poi | undefined;
  for (const poi of mappings) if (best === undefined || betterThan(merit(poi), merit(best))) best = poi;
  if (best === undefined) throw new RangeError('a place needs at least one mapping');
  const poi = best;
  const ordered = [poi, ...mappings.filter((other) => other !== poi)];
  const first = <T>(read: (mapping: Poi) => T | null): T | null => {
    for (const mapping of ordered) {
      const value = read(mapping);
      if (value !== null) return value;
    }
    return null;
  };
  const rating = validRating(poi.rating);
  return {
    id: poi.id,
    lat: poi.lat,
    lng: poi.lng,
    poi,
    mappings: ordered,
    name: first(poiDisplayName),
    rating,
    ratingCount: rating === null ? null : validCount(poi.ratingCount),
    brand: first(poiBrand),
    brandWikidata: first(poiBrandWikidata),
    nsiId: first((mapping) => mapping.nsiId ?? null),
  };
}

/** Places of one brand in one category. */
export interface BrandCount {
  /** The brand as first seen, e.g. `Starbucks`. */
  brand: string;
  /** Its Wikidata id, when any of its places has one. */
  wikidata: string | null;
  /** Places of the brand. */
  places: number;
  /** Whether it is a chain ({@link isChain}). */
  chain: boolean;
}

/**
 * Counts the places of each brand: places with the same Wikidata id, or the
 * same folded brand name (a name is joined to the Wikidata id another place
 * of that name carries).
 *
 * @param places - places of one category
 * @returns per brand key, its count; and the key of each branded place
 */
export function countBrands(places: readonly Place[]): { brands: Map<string, BrandCount>; keyOf: Map<Place, string> } {
  const wikidataByName = new Map<string, string>();
  for (const place of places) if (place.brand !== null && place.brandWikidata !== null) wikidataByName.set(foldText(place.brand), place.brandWikidata);
  const brands = new Map<string, BrandCount>();
  const keyOf = new Map<Place, string>();
  for (const place of places) {
    if (place.brand === null) continue;
    const wikidata = place.brandWikidata ?? wikidataByName.get(foldText(place.brand)) ?? null;
    const key = wikidata ?? `~${foldText(place.brand)}`;
    keyOf.set(place, key);
    const count = brands.get(key);
    if (count === undefined) brands.set(key, { brand: place.brand, wikidata, places: 1, chain: false });
    else count.places++;
  }
  return { brands, keyOf };
}

/**
 * Whether a place belongs to a chain: its brand is one the name-suggestion-index
 * lists (`nsiId`), or OSM gives it a `brand:wikidata` (a brand notable enough
 * for Wikidata), or the pack holds at least {@link CHAIN_MIN_PLACES} places of
 * the brand in the category.
 *
 * @param place - a place
 * @param count - the places of its brand in the category
 */
export function isChain(place: Place, count: BrandCount | undefined): boolean {
  if (place.brand === null) return false;
  return place.nsiId !== null || (count?.wikidata ?? place.brandWikidata) !== null || (count?.places ?? 1) >= CHAIN_MIN_PLACES;
}
