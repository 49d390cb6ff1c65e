import { describe, expect, it } from 'vitest';
import { CreateUnit, Unit, UnitListQuery, UnitPage, UpdateUnit } from './units.js';

type Parser = { safeParse(value: unknown): { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };
const issuesOf = (schema: Parser, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

const unit = {
  id: '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d',
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
};

describe('CreateUnit', () => {
  it('takes a name, a site, a category, a status and optionally a brand and a territory', () => {
    expect(CreateUnit.parse({ name: ' Perry Street ', address: '55 Perry Street, New York, NY', category: 'coffee', status: 'open' })).toEqual({
      name: 'Perry Street',
      address: '55 Perry Street, New York, NY',
      category: 'coffee',
      status: 'open',
    });
    const planned = {
      name: 'Vaduz',
      coordinates: { lat: 47.1399, lng: 9.5209 },
      category: 'coffee',
      status: 'planned',
      brand: 'Bean',
      territory: { type: 'population', residents: 5000 },
    };
    expect(CreateUnit.parse(planned)).toEqual(planned);
  });

  it('names every bad field, a missing site included', () => {
    expect(issuesOf(CreateUnit, { name: '', category: 'coffee', status: 'closed', territory: { type: 'radius', metres: 150_000 } })).toEqual([
      { field: 'name', message: 'name must not be empty' },
      { field: 'status', message: 'status must be one of: open, planned' },
      { field: 'territory.metres', message: 'territory.metres must be > 0 and ≤ 100000' },
      { field: 'address', message: 'address or coordinates is required' },
    ]);
    expect(issuesOf(CreateUnit, { name: 'x', address: '55 Perry St', coordinates: { lat: 40.7, lng: -74 }, category: 'coffee', status: 'open' })).toEqual([
      { field: 'coordinates', message: 'give address or coordinates, not both' },
    ]);
    expect(issuesOf(CreateUnit, { name: 'x', coordinates: { lat: 40.7, lng: -74, alt: 3 }, category: 'coffee', status: 'open', region: 'NYC' })).toEqual([
      { field: 'coordinates', message: 'unknown field in coordinates: alt' },
      { field: '', message: 'unknown field: region' },
    ]);
    expect(issuesOf(CreateUnit, 'Perry Street')).toEqual([{ field: '', message: 'body must be a JSON object' }]);
  });
});

describe('UpdateUnit', () => {
  it('changes any field, removes a brand or a territory with null, and refuses an empty change', () => {
    expect(UpdateUnit.parse({ status: 'open', territory: null, brand: null })).toEqual({ status: 'open', territory: null, brand: null });
    expect(UpdateUnit.parse({ coordinates: { lat: 40.7, lng: -74 } })).toEqual({ coordinates: { lat: 40.7, lng: -74 } });
    expect(issuesOf(UpdateUnit, {})).toEqual([{ field: '', message: 'body must change at least one field' }]);
    expect(issuesOf(UpdateUnit, { address: '55 Perry St', coordinates: { lat: 40.7, lng: -74 } })).toEqual([
      { field: 'coordinates', message: 'give address or coordinates, not both' },
    ]);
  });
});

describe('Unit, UnitPage and UnitListQuery', () => {
  it('hold a unit as answered, and pages with a cursor', () => {
    expect(Unit.parse(unit)).toEqual(unit);
    expect(UnitPage.parse({ items: [unit], nextCursor: null }).items).toHaveLength(1);
    expect(issuesOf(Unit, { ...unit, id: 'perry' }).map((issue) => issue.field)).toEqual(['id']);
  });

  it('filters by status and category and pages with a whole limit', () => {
    expect(UnitListQuery.parse({ status: 'planned', category: 'coffee', limit: '20' })).toEqual({ status: 'planned', category: 'coffee', limit: 20 });
    expect(issuesOf(UnitListQuery, { sort: 'name' })).toEqual([{ field: '', message: 'unknown query parameter: sort' }]);
    expect(issuesOf(UnitListQuery, { limit: '0' })).toEqual([{ field: 'limit', message: 'limit must be at least 1' }]);
  });
});
