import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { RegionPackError } from '../errors.js';
import { readJsonFile } from './json-file.js';
import { layerFileName, MANIFEST_FILE, PACK_LAYERS } from './pack-layout.js';
import { PACK_FORMAT_VERSION, type PackLayer, type RegionData, type RegionManifest } from './types.js';

/** Layers whose records are points and must carry finite `lat`/`lng`. */
const POINT_LAYERS = new Set<PackLayer>(['addresses', 'stations', 'busStops', 'pois', 'census', 'population', 'places']);

/**
 * Loads a region pack written by `importRegion` into memory.
 *
 * Checks the manifest (object, `formatVersion` equal to
 * {@link PACK_FORMAT_VERSION}, name, bbox, counts, sources), then reads each
 * layer file, checking that every line is JSON, that point records have finite
 * coordinates, and, when the manifest lists its files, that record counts and
 * SHA-256 match.
 *
 * @param dir - the pack directory
 * @returns the pack's data
 * @throws RegionPackError naming the directory or file for a missing pack,
 *   unreadable or invalid manifest, other format version, or damaged layer
 */
export async function loadRegion(dir: string): Promise<RegionData> {
  const manifestPath = join(dir, MANIFEST_FILE);
  try {
    if (!(await stat(dir)).isDirectory()) throw new RegionPackError(dir, 'not a directory');
  } catch (error) {
    if (error instanceof RegionPackError) throw error;
    throw new RegionPackError(dir, 'region pack not found');
  }
  const parsed = await readJsonFile(manifestPath, { missing: 'missing manifest.json: not a region pack', invalid: 'manifest is not valid JSON' });
  const manifest = checkManifest(parsed, manifestPath);
  const data: RegionData = {
    manifest,
    addresses: [],
    streets: [],
    interpolations: [],
    stations: [],
    busStops: [],
    pois: [],
    roads: [],
    census: [],
    areas: [],
    population: [],
    places: [],
  };
  for (const layer of PACK_LAYERS) {
    const listed = manifest.files?.find((file) => file.layer === layer);
    // A pack written before the places layer has none: it loads without place names (re-import to have them).
    if (layer === 'places' && listed === undefined && manifest.files !== undefined) continue;
    const file = join(dir, listed?.path ?? layerFileName(layer));
    const records = await readLayer(file, layer);
    if (listed !== undefined) {
      if (records.records.length !== listed.records) {
        throw new RegionPackError(file, `holds ${records.records.length} records, the manifest says ${listed.records}`);
      }
      if (records.sha256 !== listed.sha256) throw new RegionPackError(file, 'checksum differs from the manifest: the pack is damaged');
    }
    (data[layer] as unknown[]) = records.records;
  }
  return data;
}

async function readLayer(file: string, layer: PackLayer): Promise<{ records: unknown[]; sha256: string }> {
  const hash = createHash('sha256');
  const input = createReadStream(file);
  input.on('data', (chunk) => hash.update(chunk));
  const gunzip = createGunzip();
  const failure = new Promise<never>((_resolve, reject) => {
    input.on('error', (error) => reject(new RegionPackError(file, `cannot read the layer file (${error.message})`)));
    gunzip.on('error', (error) => reject(new RegionPackError(file, `not a gzip file (${error.message})`)));
  });
  failure.catch(() => undefined);
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  const records: unknown[] = [];
  const reading = (async () => {
    let lineNumber = 0;
    for await (const line of lines) {
      lineNumber++;
      if (line === '') continue;
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        throw new RegionPackError(`${file} line ${lineNumber}`, 'not valid JSON');
      }
      if (POINT_LAYERS.has(layer) && !hasCoordinates(record)) {
        throw new RegionPackError(`${file} line ${lineNumber}`, 'record without finite lat/lng');
      }
      if (layer === 'population' && !isPopulationPoint(record)) {
        throw new RegionPackError(`${file} line ${lineNumber}`, 'population point without residents ≥ 0');
      }
      if (layer === 'areas' && !isArea(record)) {
        throw new RegionPackError(`${file} line ${lineNumber}`, 'area without an id, a kind and a Polygon or MultiPolygon geometry');
      }
      records.push(record);
    }
  })();
  try {
    await Promise.race([reading, failure]);
  } finally {
    input.destroy();
  }
  return { records, sha256: hash.digest('hex') };
}

function hasCoordinates(record: unknown): boolean {
  if (typeof record !== 'object' || record === null) return false;
  const { lat, lng } = record as { lat?: unknown; lng?: unknown };
  return typeof lat === 'number' && Number.isFinite(lat) && typeof lng === 'number' && Number.isFinite(lng);
}

function isPopulationPoint(record: unknown): boolean {
  const { residents, households } = record as { residents?: unknown; households?: unknown };
  const count = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  return count(residents) && (households === undefined || count(households));
}

function isArea(record: unknown): boolean {
  if (typeof record !== 'object' || record === null) return false;
  const { id, kind, geometry } = record as { id?: unknown; kind?: unknown; geometry?: { type?: unknown; coordinates?: unknown } };
  if (typeof id !== 'string' || (kind !== 'administrative' && kind !== 'postal_code')) return false;
  if (typeof geometry !== 'object' || geometry === null) return false;
  return (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') && Array.isArray(geometry.coordinates) && geometry.coordinates.length > 0;
}

function checkManifest(value: unknown, path: string): RegionManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RegionPackError(path, 'manifest must be a JSON object');
  }
  const m = value as Record<string, unknown>;
  if (m.formatVersion !== PACK_FORMAT_VERSION) {
    throw new RegionPackError(
      path,
      `formatVersion is ${JSON.stringify(m.formatVersion)}; this engine reads format ${PACK_FORMAT_VERSION}: rebuild the pack from its sources with "locscore region import"`,
    );
  }
  if (typeof m.name !== 'string' || m.name === '') throw new RegionPackError(path, 'manifest.name must be a non-empty string');
  if (typeof m.sample !== 'boolean') throw new RegionPackError(path, 'manifest.sample must be a boolean');
  if (typeof m.createdAt !== 'string' || Number.isNaN(Date.parse(m.createdAt))) {
    throw new RegionPackError(path, 'manifest.createdAt must be an ISO 8601 time');
  }
  if (!Array.isArray(m.bbox) || m.bbox.length !== 4 || !m.bbox.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    throw new RegionPackError(path, 'manifest.bbox must be [minLng, minLat, maxLng, maxLat]');
  }
  if (typeof m.counts !== 'object' || m.counts === null) throw new RegionPackError(path, 'manifest.counts must be an object');
  if (!Array.isArray(m.sources)) throw new RegionPackError(path, 'manifest.sources must be an array');
  if (typeof m.attribution !== 'string') throw new RegionPackError(path, 'manifest.attribution must be a string');
  if (m.files !== undefined && !Array.isArray(m.files)) throw new RegionPackError(path, 'manifest.files must be an array');
  return value as RegionManifest;
}
