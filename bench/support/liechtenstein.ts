/**
 * The Liechtenstein region pack for benchmarks: imported from the real OSM
 * extract into a temporary folder, and the civic addresses it holds as the
 * strings a franchisor would type.
 */
import { join } from 'node:path';
import type { RegionData } from '../../packages/engine/src/index.js';
import { LIECHTENSTEIN_PBF } from './machine.js';

/** A pack written by {@link importLiechtenstein}. */
export interface ImportedPack {
  /** The pack's directory. */
  dir: string;
  /** Wall time of `importRegion`, ms. */
  importMs: number;
}

/**
 * Imports the Liechtenstein extract into `<work>/liechtenstein-pack` with
 * `importRegion` (needs the `@locscore/source` condition).
 *
 * @param work - an existing scratch folder
 * @throws RegionPackError when the extract is unreadable
 */
export async function importLiechtenstein(work: string): Promise<ImportedPack> {
  const { importRegion } = await import('../../packages/engine/src/import.js');
  const report = await importRegion({ osm: LIECHTENSTEIN_PBF, name: 'Liechtenstein', out: join(work, 'liechtenstein-pack'), force: true });
  return { dir: report.outDir, importMs: Math.round(report.durationMs) };
}

/**
 * Civic address strings of a region's mapped address points, as
 * `<street> <number>, <postcode> <town>`: only points with a plain numeric
 * house number and a town, each string once, in the pack's order.
 *
 * @param region - a loaded region pack
 */
export function addressStrings(region: RegionData): string[] {
  return [...addressCounts(region).keys()];
}

/**
 * Like {@link addressStrings}, but only the strings mapped by exactly one
 * address point: the geocoder answers `address_ambiguous` for a string mapped
 * twice some distance apart, so a benchmark that expects every request to
 * score uses these.
 *
 * @param region - a loaded region pack
 */
export function singlyMappedAddressStrings(region: RegionData): string[] {
  return [...addressCounts(region)].filter(([, count]) => count === 1).map(([text]) => text);
}

/** Each civic address string of {@link addressStrings} with the number of points mapping it, in the pack's order. */
function addressCounts(region: RegionData): Map<string, number> {
  const counts = new Map<string, number>();
  for (const point of region.addresses) {
    if (point.city === undefined || !/^\d+[a-z]?$/i.test(point.housenumber)) continue;
    const text = `${point.street} ${point.housenumber}, ${point.postcode ?? ''} ${point.city}`.replace(/\s+/g, ' ');
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return counts;
}
