import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LatLng, PopulationPoint } from '../region/types.js';
import { overlapOnResidents } from './overlap.js';
import { ResidentIndex } from './resident-index.js';
import { circleShape, polygonShape } from './shape.js';
import type { NetworkUnit } from './unit-network.js';

const centre = { lat: 40.7359, lng: -74.0036 };
const PER_LAT = 111_195;
const PER_LNG = PER_LAT * Math.cos((centre.lat * Math.PI) / 180);
const offset = (north: number, east: number): LatLng => ({ lat: centre.lat + north / PER_LAT, lng: centre.lng + east / PER_LNG });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const unit = (n: number, at: LatLng): NetworkUnit => ({
  id: id(n),
  name: `Unit ${n}`,
  status: 'open',
  category: 'coffee',
  coordinates: at,
  brand: null,
  territory: null,
});

/** Four rows of 10 points, 100 residents each, 10 m apart from east −45 m to +45 m: a strip whose halves are easy to count. */
const strip: PopulationPoint[] = [];
for (let row = 0; row < 4; row++) for (let east = -45; east <= 45; east += 10) strip.push({ ...offset(row * 5, east), residents: 100 });
const residents = new ResidentIndex(strip);

/** The box from east `from` to `to` metres over the strip. */
const box = (from: number, to: number) => {
  const [west, east, south, north] = [offset(0, from).lng, offset(0, to).lng, offset(-10, 0).lat, offset(30, 0).lat];
  return polygonShape({
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  });
};

describe('overlapOnResidents', () => {
  it('gives Esri’s A2, A3 and A4 on residents', () => {
    // Candidate: the western 7 columns (2,800 residents); unit: the eastern 5 (2,000); shared: 2 columns (800).
    const candidate = box(-50, 20);
    const [overlap] = overlapOnResidents(
      { shape: candidate, residents: residents.inside(candidate).residents },
      [{ unit: unit(1, centre), shape: box(0, 50) }],
      residents,
    );
    expect(overlap).toEqual({
      unitId: id(1),
      name: 'Unit 1',
      sharedResidents: 800,
      shareOfCandidate: 0.2857,
      shareOfUnit: 0.4,
      shareOfUnion: 0.2,
    });
  });

  it('leaves out units sharing no resident and lists the rest most shared first', () => {
    const candidate = box(-50, 0);
    const found = overlapOnResidents(
      { shape: candidate, residents: residents.inside(candidate).residents },
      [
        { unit: unit(1, centre), shape: box(10, 50) },
        { unit: unit(2, centre), shape: box(-20, 50) },
        { unit: unit(3, centre), shape: box(-50, -30) },
      ],
      residents,
    );
    expect(found.map((overlap) => [overlap.unitId, overlap.sharedResidents])).toEqual([
      [id(2), 800],
      [id(3), 800],
    ]);
  });

  it('keeps shared residents within each side and shares consistent with them', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.integer({ min: 5, max: 80 }), fc.integer({ min: 5, max: 80 }), (east, radiusA, radiusB) => {
        const candidate = circleShape(centre, radiusA);
        const candidateResidents = residents.inside(candidate).residents;
        const other = circleShape(offset(10, east), radiusB);
        const unitResidents = residents.inside(other).residents;
        for (const overlap of overlapOnResidents({ shape: candidate, residents: candidateResidents }, [{ unit: unit(1, centre), shape: other }], residents)) {
          expect(overlap.sharedResidents).toBeLessThanOrEqual(Math.min(candidateResidents, unitResidents));
          expect(overlap.shareOfCandidate).toBeCloseTo(overlap.sharedResidents / candidateResidents, 3);
          expect(overlap.shareOfUnit).toBeCloseTo(overlap.sharedResidents / unitResidents, 3);
          expect(overlap.shareOfUnion).toBeLessThanOrEqual(Math.min(overlap.shareOfCandidate, overlap.shareOfUnit));
        }
      }),
      { numRuns: 60 },
    );
  });
});
