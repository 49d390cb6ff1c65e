import { readFile } from 'node:fs/promises';
import type { TerritoryInput } from '@locscore/schema';
import { CliError } from '../exit-codes.js';

/** The flags that give a territory: `--radius`, `--population` or `--polygon`, one at most. */
export interface TerritoryFlags {
  /** Radius, metres. */
  radius?: string | undefined;
  /** Residents the territory holds. */
  population?: string | undefined;
  /** A GeoJSON file holding the polygon. */
  polygon?: string | undefined;
}

/** The flags that place a site: an address, or `--lat` and `--lng` (decimal degrees). */
export interface SiteFlags {
  address?: string | undefined;
  lat?: string | undefined;
  lng?: string | undefined;
}

/**
 * A number given to a flag.
 *
 * @throws CliError (exit 2) naming the flag when the value is not a number
 */
export function numberFlag(flag: string, value: string): number {
  const number = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) throw new CliError(`${flag} must be a number, got "${value}"`);
  return number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The Polygon or MultiPolygon of a GeoJSON file: a geometry, a Feature, or a
 * FeatureCollection with exactly one feature.
 *
 * @throws CliError (exit 2) when the file cannot be read, is not JSON, or holds no single polygon
 */
export async function readPolygonFile(path: string): Promise<unknown> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new CliError(`--polygon ${path}: ${(error as Error).message}`);
  }
  if (isObject(json) && json.type === 'FeatureCollection' && Array.isArray(json.features)) {
    if (json.features.length !== 1)
      throw new CliError(`--polygon ${path}: a FeatureCollection must hold exactly one feature, it holds ${json.features.length}`);
    json = json.features[0];
  }
  if (isObject(json) && json.type === 'Feature') json = json.geometry;
  if (!isObject(json) || (json.type !== 'Polygon' && json.type !== 'MultiPolygon'))
    throw new CliError(`--polygon ${path}: must be a GeoJSON Polygon or MultiPolygon (a geometry, a Feature, or a FeatureCollection of one)`);
  return json;
}

/**
 * The territory the flags give, as the API takes it; undefined when none is given.
 *
 * @throws CliError (exit 2) when more than one is given, or a value is not a number or the file no polygon
 */
export async function territoryFromFlags(flags: TerritoryFlags): Promise<TerritoryInput | undefined> {
  const given = (['radius', 'population', 'polygon'] as const).filter((flag) => flags[flag] !== undefined);
  if (given.length > 1) throw new CliError(`give one territory: --${given.join(' or --')}`);
  if (flags.radius !== undefined) return { type: 'radius', metres: numberFlag('--radius', flags.radius) };
  if (flags.population !== undefined) return { type: 'population', residents: numberFlag('--population', flags.population) };
  // The file's polygon goes to the API as read: the server checks it and names what is wrong (territory.geometry…).
  if (flags.polygon !== undefined) return { type: 'polygon', geometry: await readPolygonFile(flags.polygon) } as TerritoryInput;
  return undefined;
}

/**
 * The site the flags give: `{ address }` or `{ coordinates: { lat, lng } }`.
 *
 * @throws CliError (exit 2) when both or neither are given, or one of `--lat`/`--lng` is missing
 */
export function siteFromFlags(flags: SiteFlags): { address: string } | { coordinates: { lat: number; lng: number } } {
  const hasCoordinates = flags.lat !== undefined || flags.lng !== undefined;
  if (flags.address !== undefined && hasCoordinates) throw new CliError('give an address or --lat and --lng, not both');
  if (flags.address !== undefined) return { address: flags.address };
  if (!hasCoordinates) throw new CliError('give the site: an address, or --lat and --lng');
  if (flags.lat === undefined || flags.lng === undefined) throw new CliError('--lat and --lng go together');
  return { coordinates: { lat: numberFlag('--lat', flags.lat), lng: numberFlag('--lng', flags.lng) } };
}
