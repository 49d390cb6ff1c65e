import type { PopulationIndex } from '../population/population-index.js';
import type { LatLng } from '../region/types.js';
import type { DemandScales } from './market-fit.js';

/** Most sites measured per region and radius: every k-th address point, so that a large region calibrates in well under a second. */
export const CALIBRATION_SAMPLES = 2_000;

/**
 * A region's half-saturation constants of the people kinds, per catchment
 * radius: the median residents, households and spending within the radius
 * of the region's sites (its address points, where franchise sites are
 * scored), so that the region's typical address gets half of each driver's
 * points. A median of 0 (a region mostly empty) falls back to the mean, and
 * that to 1, so that the curve stays defined. Measured once per region, when
 * its indexes are built.
 *
 * @param population - the region's population index
 * @param sites - where sites are scored (address points; population points when a region has none)
 * @param radii - the catchment radii in use, metres
 * @returns the constants by radius
 */
export function calibrateDemand(population: PopulationIndex, sites: readonly LatLng[], radii: readonly number[]): Map<number, DemandScales> {
  const step = Math.max(1, Math.ceil(sites.length / CALIBRATION_SAMPLES));
  const sampled = sites.filter((_, index) => index % step === 0);
  const scales = new Map<number, DemandScales>();
  for (const radius of new Set(radii)) {
    const residents: number[] = [];
    const households: number[] = [];
    const spending: number[] = [];
    for (const site of sampled) {
      const found = population.within(site, radius);
      residents.push(found.residents);
      households.push(found.households ?? 0);
      spending.push(found.spending ?? 0);
    }
    scales.set(radius, { residents: typical(residents), households: typical(households), spending: typical(spending) });
  }
  return scales;
}

/** The median of the values, else (median 0) their mean, else 1. */
function typical(values: number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  if (median > 0) return median;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return mean > 0 ? mean : 1;
}
