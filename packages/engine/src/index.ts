/**
 * @packageDocumentation
 * The locscore scoring engine: load region packs, geocode civic addresses,
 * find the nearest rapid-transit station, competitors and market fit, and
 * score them with the model. Knows no HTTP.
 *
 * Building packs lives in `@locscore/engine/import` (`importRegion`), the
 * fictional sample region in `@locscore/engine/sample`, so that a server
 * that only scores never loads the OSM, GTFS and CSV readers.
 */

export { createEngine, type EngineOptions, type GeocoderFactory } from './engine.js';
export * from './errors.js';
export { CONFIDENCE, geocodeConfidence } from './geocode/confidence.js';
export type { GeocodeMatch, GeocodeOutcome, Geocoder, ParsedAddress, UnheldComponent } from './geocode/index.js';
export { createGeocoder, normalizeStreet, parseAddress } from './geocode/index.js';
export { chooseAmong, type RegionAnswer, type RegionChoice } from './geocode/region-choice.js';
export { RegionMap, type SiteMapQuery } from './map/region-map.js';
export { CATCHMENT_METRES } from './market/profiles.js';
export { OVERALL_WEIGHTS } from './model/overall.js';
export { MODEL_VERSION } from './model/version.js';
export * from './opportunities/index.js';
export {
  DEFAULT_PERCENTILE_SAMPLE_SIZE,
  MIN_PERCENTILE_POINTS,
  PERCENTILE_SAMPLE_SEED,
  type PercentileOptions,
  type PointScorer,
  RegionPercentiles,
  type ScoreTable,
} from './percentile/region-percentiles.js';
export { seededSample } from './percentile/seeded-sample.js';
export { CATEGORY_DEFINITIONS, type CategoryDefinition, categoriesOf } from './places/categories.js';
export { type CategoryPlaces, CompetitorIndex, type CompetitorSearch, type NearbyCompetitor } from './places/competitor-index.js';
export { type BrandCount, CHAIN_MIN_PLACES, type Place } from './places/place.js';
export { DEFAULT_MEAN_RATING, MIN_RATED_FOR_MEAN, RATING_PRIOR_WEIGHT, type RatingPrior, ratingPrior, shrinkRating } from './places/rating-prior.js';
export { SAME_PLACE_METRES } from './places/same-place.js';
export { AreaIndex, areaBBox, areaIndexOf } from './region/area-index.js';
export { haversineMetres } from './region/geometry.js';
export { loadRegion } from './region/pack-read.js';
export type * from './region/types.js';
export { PACK_FORMAT_VERSION } from './region/types.js';
export type { ScoreInput, ScoringEngine } from './scoring-engine.js';
export * from './territory/index.js';
export { MODE_WEIGHTS, RAPID_TRANSIT_MODES } from './transit/modes.js';
