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
