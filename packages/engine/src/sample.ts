/**
 * @packageDocumentation
 * `@locscore/engine/sample`: the fictional sample town, written in the real
 * formats (OSM XML, GTFS, ratings and census CSVs) and built through the real
 * importers, for the quick start and for tests that must run anywhere.
 * Everything scored on it is marked as sample data.
 */

export { type BuildSampleOptions, buildSampleRegion } from './sample/build-sample-region.js';
export { SAMPLE_REGION_NAME } from './sample/town-plan.js';
export { type SampleSources, writeSampleSources } from './sample/write-sample-sources.js';
