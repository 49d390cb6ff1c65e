import type { TerritoryCheckResult, Unit, UnitImportResult } from '@locscore/schema';

export const UNIT_ID = '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d';

/** A Unit that validates against the schema (values are made up for tests). */
export function unit(overrides: Partial<Unit> = {}): Unit {
  return {
    id: UNIT_ID,
    name: 'Perry Street',
    address: '55 Perry Street, New York, NY',
    matchedAddress: '55 Perry Street, New York, NY 10014',
    coordinates: { lat: 40.7359, lng: -74.0036 },
    category: 'coffee',
    status: 'open',
    brand: null,
    territory: { type: 'radius', metres: 300 },
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The server's import answer for `rows` rows: rows whose `name` is `bad` fail with invalid_request, the others are created. */
export function importAnswer(rows: Array<{ name?: unknown }>): UnitImportResult {
  const results = rows.map((row, index): UnitImportResult['results'][number] =>
    row.name === 'bad'
      ? {
          index,
          status: 'failed',
          error: { code: 'invalid_request', message: 'status is required', details: { fields: [{ field: 'status', message: 'status is required' }] } },
        }
      : { index, status: 'created', unit: unit({ name: String(row.name) }) },
  );
  const created = results.filter((row) => row.status === 'created').length;
  return { created, failed: results.length - created, results };
}

/** A TerritoryCheckResult that validates against the schema. */
export function territoryCheck(): TerritoryCheckResult {
  return {
    coordinates: { lat: 40.7337, lng: -74.0027 },
    matchedAddress: null,
    category: 'coffee',
    territory: { type: 'radius', metres: 600 },
    residents: 14292,
    households: 8728,
    minimumResidents: 10000,
    meetsMinimum: true,
    overlaps: [
      {
        unitId: UNIT_ID,
        name: 'Taïm',
        sharedResidents: 8959,
        shareOfCandidate: 0.63,
        shareOfUnit: 1,
        shareOfUnion: 0.63,
        status: 'open',
        territoryType: 'radius',
      },
    ],
    encroaches: [],
    unitsInside: [{ unitId: UNIT_ID, name: 'Taïm', status: 'open', distanceMetres: 80 }],
    reservedVenues: [],
    reservedVenuesNote: null,
    region: 'west-village',
  };
}
