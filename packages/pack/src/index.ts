/**
 * @packageDocumentation
 * The locscore region pack, format 4: what a pack holds (`records`), how it
 * is stored (columns of typed arrays with fixed-point coordinates,
 * dictionary-coded strings and offsets for lists; a spatial index per layer;
 * a manifest of sources with digests and dates), its writer and its reader.
 * See `docs/pack-format.md`.
 */

export type { ColumnBuffers, ColumnBuilder, ColumnCodec, ColumnKind } from './column.js';
export { LinesColumn, lines, PointColumn, PointListColumn, PolygonsColumn, point, points, polygons } from './coordinate-columns.js';
export { isPackError, PackError, type PackErrorCode } from './errors.js';
export { COORDINATE_SCALE, fromFixedPoint, toFixedPoint } from './fixed-point.js';
export {
  BUFFER_ALIGNMENT,
  MANIFEST_FILE,
  PACK_FORMAT_VERSION,
  type PackDescription,
  type PackManifest,
  STRINGS_FILE,
  type StoredBuffer,
  type StoredColumn,
  type StoredFile,
  type StoredLayer,
} from './format.js';
export { type ColumnReaders, type ColumnSpec, type ColumnSpecs, column, defineLayer, type IndexSpec, type LayerSchema } from './layer-schema.js';
export {
  addressLayer,
  areaLayer,
  busStopLayer,
  censusLayer,
  interpolationLayer,
  PACK_LAYERS,
  type PackLayerName,
  placeLayer,
  poiLayer,
  populationLayer,
  roadLayer,
  type StreetSummary,
  stationLayer,
  streetLayer,
  streetLinesLayer,
} from './layers.js';
export { checkManifest, IMPORT_COMMAND, rebuildCommand } from './manifest-check.js';
export { type LoadedLayer, type OpenPackOptions, openPack, type Pack, readPackManifest, type SchemaOf } from './pack-read.js';
export type { PackRecords, PackRecordsRead, RegionRecords } from './pack-records.js';
export { PackBuilder } from './pack-write.js';
export type * from './records.js';
export { PLACE_KINDS } from './records.js';
export { boxOfLines, boxOfPoints, boxOfPolygons, midpointOfLongestLine } from './spatial-geometry.js';
export { readSpatialIndex, type SpatialIndex, SpatialIndexBuilder } from './spatial-index.js';
export { NO_STRING, StringTable, StringTableBuilder } from './string-table.js';
export type { BufferType, TypedBuffer } from './typed-buffers.js';
export {
  JsonColumn,
  json,
  NumberColumn,
  NumberListColumn,
  number,
  numbers,
  OsmIdColumn,
  osmId,
  StringColumn,
  StringListColumn,
  string,
  strings,
  TagsColumn,
  tags,
} from './value-columns.js';
