/**
 * Types of the protobuf readers osm-pbf-parser-node generates for the OSM
 * PBF file format (`proto/fileformat.js`, `proto/osmformat.js`), which its
 * package declares no types for.
 */
declare module 'osm-pbf-parser-node/proto/fileformat.js' {
  import type { PbfReader } from 'pbf';

  /** `BlobHeader`: the type of the blob that follows (`OSMHeader` or `OSMData`) and its size. */
  export const BlobHeader: { read(pbf: PbfReader, end?: number): { type: string; datasize: number } };
  /** `Blob`: its data, raw or zlib-compressed (other compressions are not read). */
  export const Blob: {
    read(pbf: PbfReader, end?: number): { raw_size: number; raw: Uint8Array | null; zlib_data: Uint8Array | null; data: string | null };
  };
}
