import type { RegionData, ScoringEngine } from '@locscore/engine';

/** An engine with no region: every score request answers 503 `not_configured`. */
export const UNCONFIGURED_ENGINE: ScoringEngine = {
  regions: [],
  score: () => Promise.reject(new Error('no region is loaded')),
};

interface EngineFactories {
  loadRegion: (dir: string) => Promise<RegionData>;
  createEngine: (options: { regions: RegionData[] }) => ScoringEngine;
}

function isFactories(module: Record<string, unknown>): module is Record<string, unknown> & EngineFactories {
  return typeof module.loadRegion === 'function' && typeof module.createEngine === 'function';
}

/**
 * Loads region packs and builds the scoring engine over them.
 *
 * @param regionDirs - region pack directories (`locscore region import` output)
 * @returns the engine; {@link UNCONFIGURED_ENGINE} when the list is empty
 * @throws RegionPackError (from `@locscore/engine`) for a missing or bad pack
 */
export async function loadEngine(regionDirs: readonly string[]): Promise<ScoringEngine> {
  if (regionDirs.length === 0) return UNCONFIGURED_ENGINE;
  const engineModule: Record<string, unknown> = await import('@locscore/engine');
  if (!isFactories(engineModule)) throw new Error('@locscore/engine does not provide loadRegion/createEngine yet');
  const regions = await Promise.all(regionDirs.map((dir) => engineModule.loadRegion(dir)));
  return engineModule.createEngine({ regions });
}
