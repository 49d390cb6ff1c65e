import { type FileHandle, open } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import { RegionPackError } from '../errors.js';
import type { BBox } from './types.js';

/** Bytes read from the start of an XML extract to find its `<bounds>` element. */
const XML_HEAD_BYTES = 65_536;
/** Largest OSMHeader blob read (the format caps a header blob at 64 KiB; margin for odd writers). */
const MAX_HEADER_BLOB = 1 << 20;

/**
 * The bounding box an OSM extract declares for itself: the `bbox` of a
 * PBF's `HeaderBlock` (OSM PBF format, wiki.openstreetmap.org/wiki/PBF_Format;
 * nanodegrees), or the `<bounds>` element of an OSM XML file. This is the area
 * the extract was cut to, as opposed to the box of its data, which a
 * complete-ways cut or stray objects widen.
 *
 * @param path - `.osm.pbf` or `.osm` file
 * @returns `[minLng, minLat, maxLng, maxLat]`, or null when the file declares none
 * @throws RegionPackError when the file cannot be read or its header block is malformed
 */
export async function readDeclaredBounds(path: string): Promise<BBox | null> {
  return (await readOsmHeader(path)).bbox;
}

/** What an extract's header declares. */
export interface OsmHeaderFacts {
  /** The declared box, or null. */
  bbox: BBox | null;
  /** The PBF header's `osmosis_replication_timestamp` as `YYYY-MM-DD` (UTC): the date of the data; null when absent (and for XML). */
  dataDate: string | null;
}

/**
 * The box and the data date an OSM extract declares in its header (PBF
 * `HeaderBlock`: `bbox`, field 1, and `osmosis_replication_timestamp`,
 * field 32, seconds since the epoch), or its XML `<bounds>`.
 *
 * @param path - the extract
 * @throws RegionPackError when the file cannot be read or its header is malformed
 */
export async function readOsmHeader(path: string): Promise<OsmHeaderFacts> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new RegionPackError(path, `cannot read the OSM extract (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (head[0] === 0x3c || head.toString('latin1').trimStart().startsWith('<')) {
      const buffer = Buffer.alloc(XML_HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, XML_HEAD_BYTES, 0);
      return { bbox: xmlBounds(buffer.subarray(0, bytesRead).toString('utf8')), dataDate: null };
    }
    const headerLength = head.readUInt32BE(0);
    if (headerLength === 0 || headerLength > 64 * 1024) throw new RegionPackError(path, 'malformed OSM PBF (no BlobHeader at the start)');
    const header = Buffer.alloc(headerLength);
    await handle.read(header, 0, headerLength, 4);
    const blobHeader = new PbfReader(header).readFields(readBlobHeader, { type: '', datasize: 0 });
    if (blobHeader.type !== 'OSMHeader') return { bbox: null, dataDate: null };
    if (blobHeader.datasize <= 0 || blobHeader.datasize > MAX_HEADER_BLOB) throw new RegionPackError(path, 'malformed OSM PBF (bad OSMHeader size)');
    const blob = Buffer.alloc(blobHeader.datasize);
    await handle.read(blob, 0, blob.length, 4 + headerLength);
    const data = blobData(new PbfReader(blob).readFields(readBlob, {}));
    return { bbox: headerBBox(data), dataDate: headerDate(data) };
  } catch (error) {
    if (error instanceof RegionPackError) throw error;
    throw new RegionPackError(path, `malformed OSM PBF header (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    await handle.close();
  }
}

interface Blob {
  raw?: Uint8Array;
  zlib?: Uint8Array;
}

function readBlobHeader(tag: number, result: { type: string; datasize: number }, pbf: PbfReader): void {
  if (tag === 1) result.type = pbf.readString();
  else if (tag === 3) result.datasize = pbf.readVarint();
}

function readBlob(tag: number, result: Blob, pbf: PbfReader): void {
  if (tag === 1) result.raw = pbf.readBytes();
  else if (tag === 3) result.zlib = pbf.readBytes();
}

function blobData(blob: Blob): Uint8Array | null {
  if (blob.raw !== undefined) return blob.raw;
  if (blob.zlib !== undefined) return inflateSync(blob.zlib);
  return null; // lzma, zstd…: a header this reader cannot open declares no box we can use
}

/** `HeaderBlock.bbox` (field 1): `HeaderBBox` left 1, right 2, top 3, bottom 4, sint64 nanodegrees. */
function headerBBox(data: Uint8Array | null): BBox | null {
  if (data === null) return null;
  const found = new PbfReader(data).readFields((tag, result: { box?: { left?: number; right?: number; top?: number; bottom?: number } }, pbf) => {
    if (tag !== 1) return;
    result.box = pbf.readMessage((inner, box: { left?: number; right?: number; top?: number; bottom?: number }, reader) => {
      if (inner === 1) box.left = reader.readSVarint();
      else if (inner === 2) box.right = reader.readSVarint();
      else if (inner === 3) box.top = reader.readSVarint();
      else if (inner === 4) box.bottom = reader.readSVarint();
    }, {});
  }, {});
  const { left, right, top, bottom } = found.box ?? {};
  if (left === undefined || right === undefined || top === undefined || bottom === undefined) return null;
  const degrees = (nano: number): number => Math.round(nano / 100) / 1e7;
  return checked([degrees(left), degrees(bottom), degrees(right), degrees(top)]);
}

/** `HeaderBlock.osmosis_replication_timestamp` (field 32, int64 seconds) as a UTC date, or null. */
function headerDate(data: Uint8Array | null): string | null {
  if (data === null) return null;
  const found = new PbfReader(data).readFields((tag, result: { seconds?: number }, pbf) => {
    if (tag === 32) result.seconds = pbf.readVarint(true);
  }, {});
  if (found.seconds === undefined || !(found.seconds > 0)) return null;
  return new Date(found.seconds * 1000).toISOString().slice(0, 10);
}

/** `<bounds minlat=… minlon=… maxlat=… maxlon=…/>` among the first elements of an OSM XML file. */
function xmlBounds(head: string): BBox | null {
  const element = /<bounds\b([^>]*)\/?>/.exec(head)?.[1];
  if (element === undefined) return null;
  const attribute = (name: string): number => Number(new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(element)?.[1] ?? Number.NaN);
  return checked([attribute('minlon'), attribute('minlat'), attribute('maxlon'), attribute('maxlat')]);
}

function checked(box: BBox): BBox | null {
  const [minLng, minLat, maxLng, maxLat] = box;
  if (!box.every(Number.isFinite) || minLng > maxLng || minLat > maxLat || minLat < -90 || maxLat > 90) return null;
  return box;
}
