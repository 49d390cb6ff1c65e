/**
 * @packageDocumentation
 * `@locscore/engine/import`: building region packs. `importRegion` reads an
 * OpenStreetMap extract (PBF or XML), GTFS feeds and optional ratings and
 * census CSVs and writes an immutable pack that `loadRegion` (from
 * `@locscore/engine`) reads; the pack's file and layer names are exported for
 * tools that inspect packs (the format is `@locscore/pack`'s). Errors are `RegionPackError` from `@locscore/engine`.
 */

export { MANIFEST_FILE, PACK_LAYERS } from '@locscore/pack';
export { importRegion } from './region/import-region.js';
export type { ImportProgress, ImportRegionOptions, ImportReport } from './region/import-types.js';
