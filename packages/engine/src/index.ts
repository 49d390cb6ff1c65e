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
export { writeSampleSources, type SampleSources } from './sample/write-sample-sources.js';
export { buildSampleRegion, type BuildSampleOptions } from './sample/build-sample-region.js';
export { SAMPLE_REGION_NAME } from './sample/town-plan.js';
