import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { foldText } from '@locscore/schema';
import { RegionPackError } from '../errors.js';
import { numberField, parseCsv } from './csv-rows.js';
import { haversineMetres } from './geometry.js';
import type { Poi } from './types.js';

/** A ratings row without `osm_id` matches the nearest POI of the same folded name within this many metres. */
export const RATING_MATCH_METRES = 50;

/** Outcome of applying a ratings file. */
export interface RatingsResult {
  /** Data rows read. */
  rows: number;
  /** Rows that found their POI. */
  matched: number;
}

/**
 * Applies a ratings CSV to the POIs (sets `rating` 0–5 and `ratingCount`, the
 * number of reviews, which weighs the rating in the competitor score).
 * Two layouts, told apart by the header:
 *
 * - `osm_id,rating[,rating_count]`: `osm_id` is `n123`, `w456`, `r789` or
 *   `node/123`, `way/456`, `relation/789`;
 * - `name,lat,lng,rating[,rating_count]`: matched to the nearest POI whose
 *   folded name is the same within {@link RATING_MATCH_METRES} metres.
 *
 * Rows that match no POI are counted and skipped.
 *
 * @param path - the CSV file
 * @param pois - the pack's POIs, changed in place
 * @returns rows read and matched
 * @throws RegionPackError naming the file, line and field for a missing column or a bad value
 *   (a rating outside 0–5, a negative `rating_count`)
 */
export async function applyRatings(path: string, pois: Poi[]): Promise<RatingsResult> {
  try {
    await access(path);
  } catch {
    throw new RegionPackError(path, 'ratings file not found');
  }
  const byId = new Map<string, Poi>();
  const byName = new Map<string, Poi[]>();
  for (const poi of pois) {
    byId.set(poi.id, poi);
    if (poi.name === null) continue;
    const key = foldText(poi.name);
    const list = byName.get(key);
    if (list === undefined) byName.set(key, [poi]);
    else list.push(poi);
  }
  const result: RatingsResult = { rows: 0, matched: 0 };
  await parseCsv(createReadStream(path), path, (row, line) => {
    result.rows++;
    const at = `${path} line ${line}`;
    const rating = numberField(row, 'rating', at);
    if (rating < 0 || rating > 5) throw new RegionPackError(at, `rating must be between 0 and 5, got ${rating}`);
    const countText = row.rating_count;
    const count = countText === undefined || countText === '' ? undefined : numberField(row, 'rating_count', at);
    if (count !== undefined && count < 0) throw new RegionPackError(at, `rating_count must be 0 or more reviews, got ${count}`);
    let poi: Poi | undefined;
    if (row.osm_id !== undefined) {
      poi = byId.get(normaliseOsmId(row.osm_id));
    } else {
      const name = row.name;
      if (name === undefined || name === '') throw new RegionPackError(at, 'needs an osm_id column, or name, lat and lng');
      const point = { lat: numberField(row, 'lat', at), lng: numberField(row, 'lng', at) };
      let best = RATING_MATCH_METRES;
      for (const candidate of byName.get(foldText(name)) ?? []) {
        const distance = haversineMetres(point, candidate);
        if (distance <= best) {
          best = distance;
          poi = candidate;
        }
      }
    }
    if (poi === undefined) return;
    result.matched++;
    poi.rating = rating;
    if (count !== undefined) poi.ratingCount = Math.round(count);
  });
  return result;
}

/**
 * Normalises an OSM object reference to the pack's id form.
 *
 * @param text - `n123`, `node/123`, `way 456`, `R789`…
 * @returns `n123`, `w456`, `r789` (unchanged when unrecognised)
 */
export function normaliseOsmId(text: string): string {
  const match = /^\s*(n|w|r|node|way|relation)\s*[/:\s]?\s*(\d+)\s*$/i.exec(text);
  if (match === null) return text.trim();
  const kind = (match[1] ?? 'n').charAt(0).toLowerCase();
  return `${kind}${match[2] ?? ''}`;
}
