import { createEngine, loadRegion, type ScoringEngine } from '@locscore/engine';

/** An engine with no region: every score request answers 503 `not_configured`. */
export const UNCONFIGURED_ENGINE: ScoringEngine = {
  regions: [],
  score: () => Promise.reject(new Error('no region is loaded')),
};

/**
 * Loads region packs (`loadRegion`) and builds the scoring engine over them
 * (`createEngine`, which builds every region's geocoder and spatial indexes once).
 *
 * @param regionDirs - region pack directories (`locscore region import` output)
 * @returns the engine; {@link UNCONFIGURED_ENGINE} when the list is empty
 * @throws RegionPackError (from `@locscore/engine`) for a missing or bad pack
 */
export async function loadEngine(regionDirs: readonly string[]): Promise<ScoringEngine> {
  if (regionDirs.length === 0) return UNCONFIGURED_ENGINE;
  const regions = await Promise.all(regionDirs.map((dir) => loadRegion(dir)));
  return createEngine({ regions });
}
