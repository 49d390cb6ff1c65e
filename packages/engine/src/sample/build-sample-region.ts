import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importRegion } from '../region/import-region.js';
import type { ImportProgress, ImportReport } from '../region/import-types.js';
import { SAMPLE_REGION_NAME } from './town-plan.js';
import { writeSampleSources } from './write-sample-sources.js';

/** Options of {@link buildSampleRegion}. */
export interface BuildSampleOptions {
  /** Replace an existing `outDir` (default false). */
  force?: boolean;
  /** Progress of the import. */
  onProgress?: (event: ImportProgress) => void;
}

/**
 * Builds the fictional sample region pack: writes the sample sources to a
 * temporary folder and imports them through the real {@link importRegion}
 * with `sample: true` (so the manifest and every result say it is sample
 * data). The temporary folder is removed afterwards.
 *
 * @param outDir - pack directory to create
 * @param options - `force` to replace an existing pack, `onProgress`
 * @returns the import report
 * @throws RegionPackError when `outDir` exists (without `force`) or cannot be written
 */
export async function buildSampleRegion(outDir: string, options: BuildSampleOptions = {}): Promise<ImportReport> {
  const work = await mkdtemp(join(tmpdir(), 'locscore-sample-'));
  try {
    const sources = await writeSampleSources(work);
    return await importRegion({
      osm: sources.osm,
      gtfs: [sources.gtfs],
      ratings: sources.ratings,
      census: sources.census,
      name: SAMPLE_REGION_NAME,
      out: outDir,
      sample: true,
      force: options.force === true,
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
