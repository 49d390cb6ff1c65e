import { GEOCODE_PRECISIONS, isCategory, type ScoreResult } from '@locscore/schema';
import { AddressNotFoundError } from './errors.js';
import { createGeocoder } from './geocode/index.js';
import type { Geocoder, GeocodeMatch } from './geocode/types.js';
import { buildRegionIndexes, type RegionIndexes } from './model/region-indexes.js';
import { scoreLocation } from './model/score-location.js';
import { MODEL_VERSION } from './model/version.js';
import type { RegionData, RegionManifest } from './region/types.js';
import type { ScoreInput, ScoringEngine } from './scoring-engine.js';

/** Makes the geocoder of one region; defaults to `createGeocoder` (tests inject others). */
export type GeocoderFactory = (region: RegionData) => Geocoder;

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /** Loaded region packs (`loadRegion`); the order breaks ties between equally good matches. */
  regions: readonly RegionData[];
  /** Geocoder per region; default `createGeocoder`. */
  geocoderFactory?: GeocoderFactory;
}

interface LoadedRegion {
  region: RegionData;
  geocoder: Geocoder;
  indexes: RegionIndexes;
}

const precisionRank = (match: GeocodeMatch): number => {
  const rank = GEOCODE_PRECISIONS.indexOf(match.precision);
  return rank === -1 ? GEOCODE_PRECISIONS.length : rank;
};

/**
 * Whether match `a` is better than `b`: finer precision first
 * (`address_point` > `interpolated` > `street` > `approximate`), then higher
 * confidence; on a full tie the earlier region wins.
 */
function isBetter(a: GeocodeMatch, b: GeocodeMatch): boolean {
  const byPrecision = precisionRank(a) - precisionRank(b);
  if (byPrecision !== 0) return byPrecision < 0;
  return a.confidence > b.confidence;
}

/**
 * Creates the scoring engine over loaded region packs. Every region's
 * geocoder and spatial indexes (stations, bus stops, POIs per category,
 * demand generators) are built here, once; `score` then only geocodes and
 * queries nearby points.
 *
 * `score({ address, category })` geocodes the address against every region,
 * takes the best match ({@link isBetter}), scores it with the model
 * (`docs/methodology.md`) and resolves with a `ScoreResult` whose `meta` has
 * `matchedAddress`, `geocodePrecision`, `region` (`name`, `sample`,
 * `attribution`) and `modelVersion`. It rejects with `AddressNotFoundError`
 * when no region locates the address (or none is loaded), and with a
 * `TypeError` naming the field for an empty address or an unknown category.
 * Deterministic for the same packs and model version.
 *
 * @param options - the regions, and optionally the geocoder factory
 * @returns the engine
 * @throws TypeError when `options.regions` is not an array
 */
export function createEngine(options: EngineOptions): ScoringEngine {
  if (!Array.isArray(options.regions)) throw new TypeError('regions must be an array of loaded region packs');
  const factory = options.geocoderFactory ?? createGeocoder;
  const loaded: LoadedRegion[] = options.regions.map((region) => ({
    region,
    geocoder: factory(region),
    indexes: buildRegionIndexes(region),
  }));
  const manifests: readonly RegionManifest[] = Object.freeze(loaded.map(({ region }) => region.manifest));

  const score = (input: ScoreInput): ScoreResult => {
    const address: unknown = input?.address;
    const category: unknown = input?.category;
    if (typeof address !== 'string' || address.trim() === '') throw new TypeError('address must be a non-empty string');
    if (!isCategory(category)) throw new TypeError(`category must be one of the twelve categories, got ${JSON.stringify(category)}`);
    if (loaded.length === 0) throw new AddressNotFoundError(address, 'no region is loaded');

    let best: { match: GeocodeMatch; entry: LoadedRegion } | null = null;
    for (const entry of loaded) {
      const match = entry.geocoder.geocode(address);
      if (match === null) continue;
      if (best === null || isBetter(match, best.match)) best = { match, entry };
    }
    if (best === null) {
      throw new AddressNotFoundError(address, `no street matching "${address.trim()}" in ${loaded.map(({ region }) => region.manifest.name).join(', ')}`);
    }

    const { match, entry } = best;
    const result = scoreLocation(entry.indexes, { lat: match.lat, lng: match.lng }, category, {
      precision: match.precision,
      matchedAddress: match.matchedAddress,
    });
    const { manifest } = entry.region;
    return {
      ...result,
      meta: {
        matchedAddress: match.matchedAddress,
        geocodePrecision: match.precision,
        region: { name: manifest.name, sample: manifest.sample, attribution: manifest.attribution },
        modelVersion: MODEL_VERSION,
      },
    };
  };

  return {
    regions: manifests,
    score: (input) => {
      try {
        return Promise.resolve(score(input));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
