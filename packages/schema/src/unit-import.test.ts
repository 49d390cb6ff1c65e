import { describe, expect, it } from 'vitest';
import { MAX_UNITS_PER_IMPORT, UnitImportRequest, UnitImportResult } from './unit-import.js';

describe('UnitImportRequest', () => {
  it('takes any rows, leaving each one to be validated on its own', () => {
    expect(UnitImportRequest.parse({ units: [{ name: 'x' }, 42] }).units).toHaveLength(2);
  });

  it('refuses no rows, too many rows and unknown fields, naming the field', () => {
    const fields = (input: unknown) => UnitImportRequest.safeParse(input).error?.issues.map((issue) => issue.path.join('.') || issue.message);
    expect(fields({ units: [] })).toEqual(['units']);
    expect(fields({ units: Array.from({ length: MAX_UNITS_PER_IMPORT + 1 }, () => ({})) })).toEqual(['units']);
    expect(fields({ units: 'a.csv' })).toEqual(['units']);
    expect(UnitImportRequest.safeParse({ units: [{}], dryRun: true }).error?.issues[0]?.message).toContain('dryRun');
  });
});

describe('UnitImportResult', () => {
  it('holds a created row with its unit and a failed row with its error', () => {
    const unit = {
      id: '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d',
      name: 'Perry Street',
      address: null,
      matchedAddress: null,
      coordinates: { lat: 40.7359, lng: -74.0036 },
      category: 'coffee',
      status: 'open',
      brand: null,
      territory: null,
      createdAt: '2026-11-02T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
    };
    const result = {
      created: 1,
      failed: 1,
      results: [
        { index: 0, status: 'created', unit },
        { index: 1, status: 'failed', error: { code: 'address_not_found', message: 'no such street', details: { candidates: [] } } },
      ],
    };
    expect(UnitImportResult.parse(result)).toEqual(result);
    expect(UnitImportResult.safeParse({ ...result, results: [{ index: 0, status: 'failed' }] }).success).toBe(false);
  });
});
