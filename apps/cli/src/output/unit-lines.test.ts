import { type TerritoryGeometry, Unit } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { describeTerritory, UNIT_TABLE_HEADER, unitSummary, unitTableRow } from './unit-lines.js';

const square: Extract<TerritoryGeometry, { type: 'Polygon' }> = {
  type: 'Polygon',
  coordinates: [
    [
      [-74.004, 40.733],
      [-74.001, 40.733],
      [-74.001, 40.735],
      [-74.004, 40.735],
      [-74.004, 40.733],
    ],
  ],
};
const unit = Unit.parse({
  id: '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d',
  name: 'Joe',
  address: null,
  matchedAddress: null,
  coordinates: { lat: 40.733318, lng: -74.000557 },
  category: 'coffee',
  status: 'planned',
  brand: null,
  territory: { type: 'population', residents: 1500, geometry: square, radiusMetres: 141.2, residentsInside: 1512, region: 'NYC West Village' },
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
});

describe('unit lines', () => {
  it('describes each kind of territory', () => {
    expect(describeTerritory(null)).toBe('none');
    expect(describeTerritory({ type: 'radius', metres: 1500 })).toBe('radius 1.5 km');
    expect(describeTerritory(unit.territory)).toBe('1,500 residents (circle of 141 m, NYC West Village)');
    expect(describeTerritory({ type: 'polygon', geometry: square })).toBe('polygon (4 vertices)');
    expect(describeTerritory({ type: 'polygon', geometry: { type: 'MultiPolygon', coordinates: [square.coordinates, square.coordinates] } })).toBe(
      'polygon (8 vertices)',
    );
  });

  it('shows a unit placed by coordinates with its coordinates, in the table and the summary', () => {
    expect(unitTableRow(unit)).toHaveLength(UNIT_TABLE_HEADER.length);
    expect(unitTableRow(unit).slice(1)).toEqual(['Joe', 'coffee', 'planned', '1,500 residents (circle of 141 m, NYC West Village)', '40.733318, -74.000557']);
    expect(unitSummary({ ...unit, matchedAddress: '141 Waverly Place, New York' })).toBe(
      `Joe (planned, coffee) at 141 Waverly Place, New York; territory 1,500 residents (circle of 141 m, NYC West Village); id ${unit.id}`,
    );
  });
});
