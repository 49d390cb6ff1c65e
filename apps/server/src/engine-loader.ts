import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, loadRegion, type ScoringEngine } from '@locscore/engine';
import { packDirectories } from './pack-folders.js';

/** An engine with no region: every score request answers 503 `not_configured`. */
export const UNCONFIGURED_ENGINE: ScoringEngine = {
  regions: [],
  score: () => Promise.reject(new Error('no region is loaded')),
};

/** What {@link loadEngine} loads. */
export interface EngineSources {
  /** Region pack directories (`locscore region import` output), or folders of them (every pack inside is loaded, see `packDirectories`). */
  regions: readonly string[];
  /**
   * Also build and load the fictional sample town (SAMPLE DATA) through the
   * real importers, into a temporary folder. @default false
   */
  sample?: boolean;
}

/** A loaded engine and the clean-up of what loading it made. */
export interface LoadedEngine {
  engine: ScoringEngine;
  /** Removes the sample pack's temporary folder, if one was built; idempotent. */
  close(): Promise<void>;
}

/**
 * Loads region packs (`loadRegion`), and the sample town after them when asked,
 * and builds the scoring engine over them (`createEngine`, which builds every
 * region's geocoder and spatial indexes once).
 *
 * @param sources - see {@link EngineSources}
 * @returns the engine ({@link UNCONFIGURED_ENGINE} when there is no region) and its clean-up
 * @throws RegionPackError (from `@locscore/engine`) for a missing or bad pack
 */
export async function loadEngine(sources: EngineSources): Promise<LoadedEngine> {
  const dirs = await packDirectories(sources.regions);
  let sampleDir: string | null = null;
  const close = async (): Promise<void> => {
    if (sampleDir !== null) await rm(sampleDir, { recursive: true, force: true });
    sampleDir = null;
  };
  try {
    if (sources.sample) {
      sampleDir = await mkdtemp(join(tmpdir(), 'locscore-sample-pack-'));
      const { buildSampleRegion } = await import('@locscore/engine/sample');
      await buildSampleRegion(join(sampleDir, 'pack'));
      dirs.push(join(sampleDir, 'pack'));
    }
    if (dirs.length === 0) return { engine: UNCONFIGURED_ENGINE, close };
    const regions = await Promise.all(dirs.map((dir) => loadRegion(dir)));
    return { engine: createEngine({ regions }), close };
  } catch (error) {
    await close();
    throw error;
  }
}
