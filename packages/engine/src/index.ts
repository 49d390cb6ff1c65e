/**
 * @packageDocumentation
 * The locscore scoring engine: region packs built from OpenStreetMap and GTFS,
 * civic-address geocoding, nearest rapid-transit station, competitors and
 * market fit, and the scoring model. Knows no HTTP.
 */
export * from './errors.js';
export type * from './region/types.js';
export { PACK_FORMAT_VERSION } from './region/types.js';
export type { ScoreInput, ScoringEngine } from './scoring-engine.js';
export { importRegion } from './region/import-region.js';
export type { ImportProgress, ImportRegionOptions, ImportReport } from './region/import-types.js';
export { loadRegion } from './region/pack-read.js';
export { MANIFEST_FILE, PACK_LAYERS, layerFileName } from './region/pack-layout.js';
export { haversineMetres } from './region/geometry.js';
export { AreaIndex, areaBBox, areaIndexOf } from './region/area-index.js';
export { writeSampleSources, type SampleSources } from './sample/write-sample-sources.js';
export { buildSampleRegion, type BuildSampleOptions } from './sample/build-sample-region.js';
export { SAMPLE_REGION_NAME } from './sample/town-plan.js';
export { createEngine, type EngineOptions, type GeocoderFactory } from './engine.js';
export { createGeocoder, parseAddress, normalizeStreet } from './geocode/index.js';
export type { GeocodeMatch, GeocodeOutcome, Geocoder, ParsedAddress, UnheldComponent } from './geocode/index.js';
export { chooseAmong, type RegionAnswer, type RegionChoice } from './geocode/region-choice.js';
export { CONFIDENCE, geocodeConfidence } from './geocode/confidence.js';
export { CATEGORY_DEFINITIONS, categoriesOf, type CategoryDefinition } from './places/categories.js';
export { MODEL_VERSION } from './model/version.js';
export { OVERALL_WEIGHTS } from './model/overall.js';
export { MARKET_PROFILES } from './market/profiles.js';
export { MODE_WEIGHTS, RAPID_TRANSIT_MODES } from './transit/modes.js';
