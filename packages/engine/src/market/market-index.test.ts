import { describe, expect, it } from 'vitest';
import { addressGrid, censusArea, ORIGIN, poi, road } from '../../test/synthetic-region.js';
import { demandKindsOf } from './demand-kinds.js';
import { computeMarketFit, normaliseDemand } from './market-fit.js';
import { MarketIndex } from './market-index.js';

describe('MarketIndex', () => {
  const layers = {
    addresses: addressGrid(100, 30),
    pois: [poi({ office: 'company' }, 100, 0), poi({ office: 'company' }, 900, 0), poi({ amenity: 'school' }, 0, 300), poi({ shop: 'bakery' }, -50, 0)],
    roads: [road('Landstrasse', [-2_000, 400], [2_000, 400])],
    census: [censusArea(6_000, 100, 100, 2)],
  };

  it('counts demand generators within the catchment and measures the nearest major road between its vertices', () => {
    const { amounts, nearestRoad } = new MarketIndex(layers).measure(ORIGIN, 800);
    expect(amounts).toMatchObject({ addresses: 100, residents: 6_000, offices: 1, schools: 1, retail: 1, universities: 0 });
    expect(amounts.households).toBeUndefined();
    expect(nearestRoad?.road.name).toBe('Landstrasse');
    expect(nearestRoad?.distanceMetres).toBeGreaterThan(399);
    expect(nearestRoad?.distanceMetres).toBeLessThan(402);
  });

  it('counts mapped addresses in place of residents, and leaves roads out, when the region has neither population nor roads', () => {
    const fit = new MarketIndex({ ...layers, census: [], roads: [] }).search(ORIGIN, 'coffee');
    expect(fit.drivers.map(({ kind }) => kind)).not.toContain('residents');
    expect(fit.drivers.map(({ kind }) => kind)).toContain('addresses');
    expect(fit.drivers.map(({ kind }) => kind)).not.toContain('roads');
    expect(fit.population).toBeNull();
    expect(fit.drivers.reduce((sum, { weight }) => sum + weight, 0)).toBeCloseTo(1, 10);
    expect(fit.nearestRoad).toBeNull();
  });

  it('normalises with half-saturation constants scaled by catchment area', () => {
    expect(normaliseDemand('offices', 15, 800)).toBe(0.5);
    expect(normaliseDemand('offices', 60, 1_600)).toBe(0.5);
    expect(normaliseDemand('roads', 250, 800)).toBe(0.5);
    expect(normaliseDemand('roads', null, 800)).toBe(0);
    expect(computeMarketFit('coffee', {}).fit).toBe(0);
  });

  it('classifies POIs into demand kinds', () => {
    expect(demandKindsOf({ amenity: 'cafe' })).toEqual(['dining']);
    expect(demandKindsOf({ building: 'university' })).toEqual(['universities']);
    expect(demandKindsOf({ healthcare: 'pharmacy' })).toEqual([]);
    expect(demandKindsOf({ amenity: 'clinic' })).toEqual(['healthcare']);
    expect(demandKindsOf({ leisure: 'park' })).toEqual(['parks']);
  });
});
