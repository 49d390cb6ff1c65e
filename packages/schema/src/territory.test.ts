import { describe, expect, it } from 'vitest';
import { ResultMeta } from './score-result.js';
import { ScoreTerritory } from './score-territory.js';
import { Territory, UnitTerritory } from './territory.js';
import { RESERVED_VENUES_NOTE, TerritoryCheckRequest, TerritoryCheckResult } from './territory-check.js';

type Parser = { safeParse(value: unknown): { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };
const issuesOf = (schema: Parser, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

const UNIT = '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d';
const square = [
  [-74.006, 40.735],
  [-74.002, 40.735],
  [-74.002, 40.738],
  [-74.006, 40.738],
  [-74.006, 40.735],
];

describe('Territory', () => {
  it('accepts the three kinds of territory of a franchise agreement', () => {
    expect(Territory.parse({ type: 'radius', metres: 300 })).toEqual({ type: 'radius', metres: 300 });
    expect(Territory.parse({ type: 'radius', metres: 100_000 }).type).toBe('radius');
    expect(Territory.parse({ type: 'population', residents: 50_000 })).toEqual({ type: 'population', residents: 50_000 });
    expect(Territory.parse({ type: 'polygon', geometry: { type: 'Polygon', coordinates: [square] } }).type).toBe('polygon');
  });

  it('names the field and its limits for a radius of 0, a negative one or one over 100 km', () => {
    const message = 'territory.metres must be > 0 and ≤ 100000';
    for (const metres of [0, -5, 100_000.5, '300', null]) expect(issuesOf(Territory, { type: 'radius', metres })).toEqual([{ field: 'metres', message }]);
  });

  it('refuses a population of 0 or a fraction of a resident, and an unknown type or field', () => {
    const message = 'territory.residents must be a whole number > 0 and ≤ 100000000';
    expect(issuesOf(Territory, { type: 'population', residents: 0 })).toEqual([{ field: 'residents', message }]);
    expect(issuesOf(Territory, { type: 'population', residents: 2.5 })).toEqual([{ field: 'residents', message }]);
    expect(issuesOf(Territory, { type: 'circle', metres: 300 })).toEqual([
      { field: 'type', message: 'territory.type must be one of: radius, polygon, population' },
    ]);
    expect(issuesOf(Territory, { type: 'radius', metres: 300, unit: 'm' })).toEqual([{ field: '', message: 'unknown field in territory: unit' }]);
    expect(issuesOf(Territory, 300)).toEqual([{ field: '', message: 'territory must be an object with a type: radius, polygon or population' }]);
  });

  it('stores a population territory with the polygon and radius it was built with', () => {
    const stored = {
      type: 'population',
      residents: 5000,
      geometry: { type: 'Polygon', coordinates: [square] },
      radiusMetres: 412.5,
      residentsInside: 5012,
      region: 'NYC',
    };
    expect(UnitTerritory.parse(stored)).toEqual(stored);
    expect(issuesOf(UnitTerritory, { ...stored, geometry: undefined }).map((issue) => issue.field)).toEqual(['geometry']);
  });
});

describe('TerritoryCheckRequest', () => {
  const territory = { type: 'radius', metres: 800 };

  it('takes an address or coordinates, never both, nor neither', () => {
    expect(TerritoryCheckRequest.parse({ address: ' 55 Perry Street, New York, NY ', category: 'coffee', territory }).address).toBe(
      '55 Perry Street, New York, NY',
    );
    expect(TerritoryCheckRequest.parse({ coordinates: { lat: 40.7359, lng: -74.0036 }, category: 'coffee', territory, minimumResidents: 5000 })).toMatchObject({
      minimumResidents: 5000,
    });
    expect(issuesOf(TerritoryCheckRequest, { address: '55 Perry Street', coordinates: { lat: 40.7, lng: -74 }, category: 'coffee', territory })).toEqual([
      { field: 'coordinates', message: 'give address or coordinates, not both' },
    ]);
    expect(issuesOf(TerritoryCheckRequest, { category: 'tacos', territory })).toEqual([
      { field: 'category', message: expect.stringContaining('category must be one of') },
      { field: 'address', message: 'address or coordinates is required' },
    ]);
  });

  it('names each bad field of the site, the territory and the minimum', () => {
    expect(
      issuesOf(TerritoryCheckRequest, {
        coordinates: { lat: 95, lng: -74 },
        category: 'coffee',
        territory: { type: 'radius', metres: 0 },
        minimumResidents: -1,
      }),
    ).toEqual([
      { field: 'coordinates.lat', message: 'coordinates.lat must be a number between -90 and 90' },
      { field: 'territory.metres', message: 'territory.metres must be > 0 and ≤ 100000' },
      { field: 'minimumResidents', message: 'minimumResidents must be a whole number > 0' },
    ]);
    expect(issuesOf(TerritoryCheckRequest, { address: '55 Perry Street', category: 'coffee' })).toEqual([
      { field: 'territory', message: 'territory is required' },
    ]);
  });
});

describe('TerritoryCheckResult and meta.territory', () => {
  const overlap = { unitId: UNIT, name: 'Perry Street', sharedResidents: 1200, shareOfCandidate: 0.25, shareOfUnit: 0.3, shareOfUnion: 0.1538 };

  it('holds a check with reserved venues and the statement about exclusivity', () => {
    const result = {
      coordinates: { lat: 40.7359, lng: -74.0036 },
      matchedAddress: '55 Perry Street, New York, NY 10014',
      category: 'coffee',
      territory: { type: 'radius', metres: 800 },
      residents: 4800,
      households: 2600,
      minimumResidents: 5000,
      meetsMinimum: false,
      overlaps: [{ ...overlap, status: 'open', territoryType: 'radius' }],
      encroaches: [{ unitId: UNIT, name: 'Perry Street', status: 'open', distanceMetres: 120, territoryType: 'radius' }],
      unitsInside: [{ unitId: UNIT, name: 'Perry Street', status: 'open', distanceMetres: 120 }],
      reservedVenues: [
        {
          name: "Edward and Theresa O'Toole Medical Services Building",
          kind: 'hospital',
          osmTag: 'amenity=hospital',
          osmId: 'n357620244',
          coordinates: { lat: 40.7377778, lng: -74.0008333 },
          distanceMetres: 310,
        },
      ],
      reservedVenuesNote: RESERVED_VENUES_NOTE,
      region: 'NYC West Village',
    };
    expect(TerritoryCheckResult.parse(result)).toEqual(result);
    expect(RESERVED_VENUES_NOTE).toContain('FAQ 37');
    expect(
      issuesOf(TerritoryCheckResult, { ...result, reservedVenues: [{ ...result.reservedVenues[0], kind: 'school' }] }).map((issue) => issue.field),
    ).toEqual(['reservedVenues.0.kind']);
  });

  it('is an optional part of a score result’s meta, with shares in 0–1', () => {
    const territory = {
      encroaches: [],
      nearestUnit: { unitId: UNIT, name: 'Perry Street', distanceMetres: 450 },
      overlap: [overlap],
      cannibalisation: { capturedResidents: 900, shareFromOwnUnits: 0.4, units: [{ unitId: UNIT, name: 'Perry Street', shareLost: 0.12, residentsLost: 360 }] },
    };
    expect(ResultMeta.parse({ territory }).territory).toEqual(territory);
    expect(ResultMeta.parse({}).territory).toBeUndefined();
    expect(issuesOf(ScoreTerritory, { ...territory, overlap: [{ ...overlap, shareOfUnit: 1.2 }] }).map((issue) => issue.field)).toEqual([
      'overlap.0.shareOfUnit',
    ]);
    expect(ScoreTerritory.parse({ encroaches: [], nearestUnit: null, overlap: [], cannibalisation: null }).cannibalisation).toBeNull();
  });
});
