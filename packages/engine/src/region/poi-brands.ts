import { BrandIndex } from './brand-index.js';
import { POI_KEYS } from './osm-tags.js';
import type { Poi } from './types.js';

/** What {@link recognisePoiBrands} did. */
export interface BrandRecognition {
  /** NSI release used, e.g. `8.0.20260918`. */
  version: string;
  /** POIs with a `name` or `brand`, the ones looked up. */
  named: number;
  /** POIs whose OSM tags name a brand (`brand=*`). */
  osmTagged: number;
  /** POIs the name-suggestion-index recognised as a brand present at their location. */
  recognised: number;
  /** POIs that ended up with a brand (OSM-tagged or recognised). */
  branded: number;
  /** Wall time, milliseconds, including building the index. */
  durationMs: number;
}

/** The POI's `[key, value]` pairs NSI categories are keyed on (`amenity=cafe`, `shop=coffee`…), in {@link POI_KEYS} order. */
function keyValuesOf(poi: Poi): Array<readonly [string, string]> {
  return POI_KEYS.flatMap((key) => {
    const value = poi.tags[key];
    return value === undefined || value === 'no' ? [] : [[key, value] as const];
  });
}

/** The POI's names, most telling first: `name`, then `brand` (distinct, trimmed, non-empty). */
function namesOf(poi: Poi): string[] {
  const names = [poi.name, poi.tags.name, poi.tags.brand].map((name) => name?.trim() ?? '').filter((name) => name !== '');
  return [...new Set(names)];
}

/**
 * Gives each POI its brand at import, so that scoring (and a server that only
 * scores) never needs the name-suggestion-index: `brand` is the OSM `brand`
 * tag, else the brand NSI recognises in the POI's name at its location
 * (`BrandIndex`); `brandWikidata` is OSM's `brand:wikidata`, else NSI's; `nsiId`
 * the NSI item when NSI recognised one. POIs with neither are left unchanged.
 *
 * Two passes keep the location index small: every named POI is matched
 * worldwide to list candidate brands, only those candidates' location sets
 * are resolved, then the POIs with candidates are matched again at their
 * coordinates (a brand NSI places in other countries does not match).
 *
 * @param pois - the pack's POIs, changed in place
 * @param index - a built index (default: the process's {@link BrandIndex.shared})
 * @returns counts and the time taken
 * @throws RegionPackError when the name-suggestion-index data cannot be read
 */
export async function recognisePoiBrands(pois: readonly Poi[], index?: BrandIndex): Promise<BrandRecognition> {
  const started = performance.now();
  const brands = index ?? (await BrandIndex.shared());
  const named = pois.flatMap((poi) => {
    const names = namesOf(poi);
    return names.length === 0 ? [] : [{ poi, names, keyValues: keyValuesOf(poi) }];
  });
  const candidates = new Set<string>();
  const matchable = named.filter(({ names, keyValues }) => {
    const ids = brands.candidates(keyValues, names);
    for (const id of ids) candidates.add(id);
    return ids.length > 0;
  });
  if (candidates.size > 0) brands.locate(candidates);
  let recognised = 0;
  for (const { poi, names, keyValues } of matchable) {
    const found = brands.match(keyValues, names, [poi.lng, poi.lat]);
    if (found === null) continue;
    recognised++;
    poi.nsiId = found.nsiId;
    poi.brand = found.brand;
    if (found.wikidata !== null) poi.brandWikidata = found.wikidata;
  }
  let osmTagged = 0;
  let branded = 0;
  for (const poi of pois) {
    const tagged = poi.tags.brand?.trim();
    if (tagged !== undefined && tagged !== '') {
      osmTagged++;
      poi.brand = tagged;
    }
    const wikidata = poi.tags['brand:wikidata']?.trim();
    if (wikidata !== undefined && /^Q\d+$/.test(wikidata)) poi.brandWikidata = wikidata;
    if (poi.brand !== undefined) branded++;
  }
  return { version: brands.version, named: named.length, osmTagged, recognised, branded, durationMs: performance.now() - started };
}
