/**
 * The model's verdict at a point, as the calibration benchmarks read it:
 * the public scoring function `scoreLocation` on a region's indexes (what
 * `engine.score` runs after geocoding), reduced to the figures they tabulate.
 */

import type { RegionIndexes } from '../../packages/engine/src/model/region-indexes.js';
import type { LatLng } from '../../packages/engine/src/region/types.js';
import type { Category, Story } from '../../packages/schema/src/index.js';

/** Data confidence level of a result, or null while the model gives none. */
export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** What the benchmarks keep of one result. */
export interface PointScore {
  score: number;
  passed: boolean;
  story: Story;
  transit: number;
  competitor: number;
  /** `breakdown.marketFit`, the demand sub-score. */
  demand: number;
  /** `meta.confidence.level` when the model gives one, else null. */
  confidence: ConfidenceLevel | null;
}

/** Scores points of one region for a category. */
export type PointScorer = (point: LatLng, category: Category) => PointScore;

/**
 * A scorer over `indexes` (needs the `@locscore/source` condition).
 *
 * @param indexes - a region's indexes (`buildRegionIndexes`)
 */
export async function pointScorer(indexes: RegionIndexes): Promise<PointScorer> {
  const { scoreLocation } = await import('../../packages/engine/src/model/score-location.js');
  return (point, category) => {
    const result: { meta?: { confidence?: { level?: ConfidenceLevel } } } & ReturnType<typeof scoreLocation> = scoreLocation(indexes, point, category);
    return {
      score: result.score,
      passed: result.passed,
      story: result.story,
      transit: result.breakdown.transit,
      competitor: result.breakdown.competitor,
      demand: result.breakdown.marketFit,
      confidence: result.meta?.confidence?.level ?? null,
    };
  };
}
