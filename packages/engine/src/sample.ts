/**
 * @packageDocumentation
 * `@locscore/engine/sample`: the fictional sample town, written in the real
 * formats (OSM XML, GTFS, ratings and census CSVs) and built through the real
 * importers, for the quick start and for tests that must run anywhere.
 * Everything scored on it is marked as sample data.
 */
export { writeSampleSources, type SampleSources } from './sample/write-sample-sources.js';
export { buildSampleRegion, type BuildSampleOptions } from './sample/build-sample-region.js';
export { SAMPLE_REGION_NAME } from './sample/town-plan.js';
