/**
 * @packageDocumentation
 * Building locscore region packs (`@locscore/pack`) from their sources. Its
 * first piece: the streaming OSM PBF reader, two linear passes in bounded
 * memory with progress per pass.
 */

export { NodeLocations, PAGE_NODES, UnsortedNodesError } from './node-locations.js';
export { type OsmPbfSummary, type ReadOsmPbfOptions, readOsmPbf } from './osm-pbf-reader.js';
export { PassMeter, type PassProgress } from './pass-progress.js';
export { type BlockKind, type BlockSpan, blockKind, type PbfBlock, readBlocks } from './pbf-blocks.js';
export type { OsmTags, PbfMember, PbfNode, PbfRelation, PbfWay } from './pbf-elements.js';
