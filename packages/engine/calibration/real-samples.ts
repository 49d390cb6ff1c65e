/**
 * Calibration samples of every real region in `../shared/data`: each pack
 * imported as `locscore region import` does (`bench/support/real-packs.ts`),
 * or read from `LOCSCORE_REAL_PACKS` (a folder holding the packs already
 * imported, one sub-folder per key) to save the imports when iterating.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importRealPack, REAL_PACKS, type RealPackKey } from '../../../bench/support/real-packs.js';
import { CORE_PERCENTILE, CoverageGrid, type MappingReference } from '../src/data-confidence/coverage-grid.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { regionSamples, type Sample } from './samples.js';

/** A real region, loaded. */
export interface RealRegion {
  key: RealPackKey;
  name: string;
  region: RegionData;
  /** Its input files (relative to `../shared/data`), or the pack's source names when read from `LOCSCORE_REAL_PACKS`. */
  inputs: string[];
}

/**
 * Loads every real region: from `LOCSCORE_REAL_PACKS` when set, else imported into a scratch folder (removed afterwards).
 *
 * @param log - progress lines
 */
export async function loadRealRegions(log: (line: string) => void): Promise<RealRegion[]> {
  const cached = process.env.LOCSCORE_REAL_PACKS;
  const work = cached === undefined ? mkdtempSync(join(tmpdir(), 'locscore-calibrate-')) : cached;
  try {
    const regions: RealRegion[] = [];
    for (const key of REAL_PACKS) {
      const dir = join(work, key);
      const pack = cached !== undefined && existsSync(join(dir, 'manifest.json')) ? null : await importRealPack(key, work);
      const region = await loadRegion(dir);
      log(
        `${key}: ${region.addresses.length} address points, ${region.pois.length} POIs${pack === null ? ' (cached pack)' : ` (imported in ${pack.importMs} ms)`}`,
      );
      regions.push({ key, name: region.manifest.name, region, inputs: pack?.inputs ?? region.manifest.sources.map((source) => source.name) });
    }
    return regions;
  } finally {
    if (cached === undefined) rmSync(work, { recursive: true, force: true });
  }
}

/** Every calibration sample of the regions, region by region. */
export function samplesOf(regions: readonly RealRegion[], log: (line: string) => void): Sample[] {
  return regions.flatMap(({ key, name, region }) => {
    const started = performance.now();
    const samples = regionSamples(name, region);
    log(`${key}: ${samples.filter((sample) => sample.label === 1).length} places, ${samples.length} samples in ${Math.round(performance.now() - started)} ms`);
    return samples;
  });
}

/**
 * The well-mapped reference of data confidence: per ratio, the
 * `CORE_PERCENTILE` (75th) of the populated blocks of every region, pooled.
 *
 * @param regions - the loaded regions
 */
export function mappingReference(regions: readonly RealRegion[]): MappingReference {
  const blocks = regions.flatMap(({ region }) =>
    new CoverageGrid(
      { addresses: region.addresses, pois: region.pois, population: region.population ?? [] },
      { addressesPerResident: 1, poisPerResident: 1 },
    ).populatedBlocks(),
  );
  const at = (values: number[]): number => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * CORE_PERCENTILE))] ?? 1;
  const round = (value: number): number => Number(value.toPrecision(3));
  return {
    addressesPerResident: round(at(blocks.map((block) => block.addressesPerResident))),
    poisPerResident: round(at(blocks.map((block) => block.poisPerResident))),
  };
}
