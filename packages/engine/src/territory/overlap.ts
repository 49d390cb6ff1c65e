import type { ResidentOverlap } from '@locscore/schema';
import type { ResidentIndex } from './resident-index.js';
import type { Shape } from './shape.js';
import type { NetworkUnit } from './unit-network.js';

/** An area and its residents, measured once. */
export interface MeasuredArea {
  shape: Shape;
  /** Residents inside (`ResidentIndex.inside`). */
  residents: number;
}

/** A unit's area to compare with the candidate's: its trade area or its protected territory. */
export interface UnitArea {
  unit: NetworkUnit;
  shape: Shape;
}

/** Shares are given to four decimals. */
const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, Math.round((part / whole) * 10_000) / 10_000) : 0);

/**
 * The residents the candidate's area shares with each unit's, after Esri
 * Business Analyst's Measure Cannibalization, measured on residents rather
 * than on area: with S the residents in both, C the candidate's and U the
 * unit's, `shareOfUnion` = S / (C + U − S) (A2), `shareOfCandidate` = S / C
 * (A3), `shareOfUnit` = S / U (A4). S sums the population points inside both
 * shapes (`ResidentIndex.shared`), so S ≤ C and S ≤ U. Units sharing no
 * resident are left out; the rest come most shared residents first.
 *
 * @param candidate - the candidate's area (trade area or proposed territory) and its residents
 * @param units - the units' areas to compare it with
 * @param residents - the region's population layer
 * @returns one entry per unit sharing residents, shares 0–1 to four decimals, residents whole
 */
export function overlapOnResidents(candidate: MeasuredArea, units: readonly UnitArea[], residents: ResidentIndex): ResidentOverlap[] {
  const overlaps: ResidentOverlap[] = [];
  for (const { unit, shape } of units) {
    const shared = residents.shared(candidate.shape, shape);
    if (!(shared > 0)) continue;
    const unitResidents = residents.inside(shape).residents;
    overlaps.push({
      unitId: unit.id,
      name: unit.name,
      sharedResidents: Math.round(shared),
      shareOfCandidate: share(shared, candidate.residents),
      shareOfUnit: share(shared, unitResidents),
      shareOfUnion: share(shared, candidate.residents + unitResidents - shared),
    });
  }
  return overlaps.sort((a, b) => b.sharedResidents - a.sharedResidents || a.unitId.localeCompare(b.unitId));
}
