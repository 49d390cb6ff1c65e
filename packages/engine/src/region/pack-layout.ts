import type { PackLayer } from './types.js';

/** Name of the manifest file inside a region pack directory. */
export const MANIFEST_FILE = 'manifest.json';

/** Every layer of a pack, in the order they are written. */
export const PACK_LAYERS: readonly PackLayer[] = [
  'addresses',
  'streets',
  'interpolations',
  'stations',
  'busStops',
  'pois',
  'roads',
  'census',
  'areas',
  'places',
  'population',
];

/**
 * File name of a layer inside the pack: gzipped newline-delimited JSON.
 *
 * @param layer - the layer
 * @returns e.g. `busStops.ndjson.gz`
 */
export function layerFileName(layer: PackLayer): string {
  return `${layer}.ndjson.gz`;
}
