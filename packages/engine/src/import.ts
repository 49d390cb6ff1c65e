/**
 * @packageDocumentation
 * `@locscore/engine/import`: building region packs. `importRegion` reads an
 * OpenStreetMap extract (PBF or XML), GTFS feeds and optional ratings and
 * census CSVs and writes an immutable pack that `loadRegion` (from
 * `@locscore/engine`) reads; the pack's file layout is exported for tools
 * that inspect packs. Errors are `RegionPackError` from `@locscore/engine`.
 */
export { importRegion } from './region/import-region.js';
export type { ImportProgress, ImportRegionOptions, ImportReport } from './region/import-types.js';
export { layerFileName, MANIFEST_FILE, PACK_LAYERS } from './region/pack-layout.js';
