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
  const seen = new Set<string>();
  for (const point of region.addresses) {
    if (point.city === undefined || !/^\d+[a-z]?$/i.test(point.housenumber)) continue;
    const text = `${point.street} ${point.housenumber}, ${point.postcode ?? ''} ${point.city}`.replace(/\s+/g, ' ');
    seen.add(text);
  }
  return [...seen];
}
