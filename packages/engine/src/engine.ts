import { CATEGORIES, isCategory, type ScoreResult } from '@locscore/schema';
import { AddressAmbiguousError, AddressNotFoundError, OutsideRegionsError } from './errors.js';
import { createGeocoder } from './geocode/index.js';
import { chooseAmong } from './geocode/region-choice.js';
import type { Geocoder } from './geocode/types.js';
import { RegionMap } from './map/region-map.js';
import { buildRegionIndexes, type RegionIndexes } from './model/region-indexes.js';
import { scoreLocation } from './model/score-location.js';
import { MODEL_VERSION } from './model/version.js';
import { createOpportunityFinder } from './opportunities/opportunity-finder.js';
import { MIN_PERCENTILE_POINTS } from './percentile/region-percentiles.js';
import type { RegionData, RegionManifest } from './region/types.js';
import type { ScoreInput, ScoringEngine } from './scoring-engine.js';
import { territoryLookup } from './territory/territory-lookup.js';

/** Makes the geocoder of one region; defaults to `createGeocoder` (tests inject others). */
export type GeocoderFactory = (region: RegionData) => Geocoder;

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /** Loaded region packs (`loadRegion`). */
  regions: readonly RegionData[];
  /** Geocoder per region; default `createGeocoder`. */
  geocoderFactory?: GeocoderFactory;
  /**
   * Address points per region and category scored to rank a site
   * (`meta.percentile`): all of a region's points up to this many, else a
   * seeded sample of this many (`percentile/region-percentiles.ts`).
   * @default DEFAULT_PERCENTILE_SAMPLE_SIZE (4,096)
   */
  percentileSampleSize?: number;
}

interface LoadedRegion {
  region: RegionData;
  geocoder: Geocoder;
  indexes: RegionIndexes;
  map: RegionMap;
}

/**
 * Creates the scoring engine over loaded region packs. Every region's
 * geocoder and spatial indexes (stations, bus stops, POIs per category,
 * demand generators) are built here, once; `score` then only geocodes and
 * queries nearby points.
 *
 * `score({ address, category })` geocodes the address against every region
 * and chooses among their answers (`chooseAmong`: the region holding the
 * named municipality or postcode wins, then the finest precision), scores
 * the match with the model (`docs/methodology.md`) and resolves with a
 * `ScoreResult` whose `meta` has `matchedAddress`, `geocodePrecision`,
 * `geocodeConfidence`, `confidence` (data confidence, from the model),
 * `percentile` (where the score ranks among the region's address points for
 * the category, 0–100; absent for a region of fewer than
 * `MIN_PERCENTILE_POINTS` address points), `region` (`name`, `sample`,
 * `attribution`) and `modelVersion`. The first score of a category in a
 * region scores the region's reference address points once
 * (`RegionPercentiles`); later ones reuse them. It rejects with `AddressNotFoundError` (with "did you
 * mean" candidates) when no region locates the address (or none is
 * loaded), with `AddressAmbiguousError` when several places fit equally and
 * nothing in the input chooses, and with a `TypeError` naming the field for
 * an empty address or an unknown category.
 * Deterministic for the same packs and model version. `siteMap(query)`
 * draws the vector map around a point from the first region covering it
 * (`RegionMap`), or throws `OutsideRegionsError`. `territory` geocodes
 * sites and gives each region's territory indexes for units and territory
 * checks (`territoryLookup`). `opportunities(query)` ranks a region's
 * best sites for a category that the account does not yet serve
 * (`createOpportunityFinder`, one table per region and category, cached). `warm()` builds the percentile tables of every
 * category ahead of the first requests (the server calls it once listening).
 *
 * @param options - the regions, and optionally the geocoder factory and percentile sample size
 * @returns the engine
 * @throws TypeError when `options.regions` is not an array
 * @throws RangeError when `options.percentileSampleSize` is not a whole number ≥ 0
 */
export function createEngine(options: EngineOptions): ScoringEngine {
  if (!Array.isArray(options.regions)) throw new TypeError('regions must be an array of loaded region packs');
  const factory = options.geocoderFactory ?? createGeocoder;
  const loaded: LoadedRegion[] = options.regions.map((region) => {
    const indexes = buildRegionIndexes(region, options.percentileSampleSize === undefined ? {} : { percentileSampleSize: options.percentileSampleSize });
    return { region, geocoder: factory(region), indexes, map: new RegionMap(region, indexes.competitors) };
  });
  const manifests: readonly RegionManifest[] = Object.freeze(loaded.map(({ region }) => region.manifest));

  const score = (input: ScoreInput): ScoreResult => {
    const address: unknown = input?.address;
    const category: unknown = input?.category;
    if (typeof address !== 'string' || address.trim() === '') throw new TypeError('address must be a non-empty string');
    if (!isCategory(category)) throw new TypeError(`category must be one of the twelve categories, got ${JSON.stringify(category)}`);
    if (loaded.length === 0) throw new AddressNotFoundError(address, 'no region is loaded');

    const choice = chooseAmong(loaded.map(({ region, geocoder }) => ({ region: region.manifest.name, outcome: geocoder.geocode(address) })));
    if (choice.status === 'ambiguous') throw new AddressAmbiguousError(address, choice.reason, choice.candidates);
    if (choice.status === 'not_found') throw new AddressNotFoundError(address, choice.reason, choice.candidates);
    const { match } = choice;
    const entry = loaded[choice.index] as LoadedRegion;
    const result = scoreLocation(entry.indexes, { lat: match.lat, lng: match.lng }, category, {
      precision: match.precision,
      matchedAddress: match.matchedAddress,
    });
    const { manifest } = entry.region;
    return {
      ...result,
      meta: {
        ...result.meta,
        matchedAddress: match.matchedAddress,
        geocodePrecision: match.precision,
        geocodeConfidence: match.confidence,
        region: { name: manifest.name, sample: manifest.sample, attribution: manifest.attribution },
        modelVersion: MODEL_VERSION,
      },
    };
  };

  const territory = territoryLookup(loaded.map(({ region, geocoder, indexes, map }) => ({ region, geocoder, competitors: indexes.competitors, map })));
  const opportunities = createOpportunityFinder(
    loaded.map(({ region, indexes }) => ({ region, indexes, territory: () => territory.region(region.manifest.name) })),
  );

  return {
    regions: manifests,
    opportunities: (query) => opportunities.find(query),
    async warm(signal) {
      let built = 0;
      for (const {
        indexes: { percentiles },
      } of loaded) {
        for (const category of CATEGORIES) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (signal?.aborted) return built;
          if (percentiles.has(category) || percentiles.size < MIN_PERCENTILE_POINTS) continue;
          percentiles.table(category);
          built += 1;
        }
      }
      return built;
    },
    territory,
    siteMap(query) {
      const entry = loaded.find(({ map }) => map.covers(query));
      if (entry === undefined) throw new OutsideRegionsError(query.lat, query.lng);
      return entry.map.draw(query);
    },
    score: (input) => {
      try {
        return Promise.resolve(score(input));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
