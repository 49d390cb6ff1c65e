import { describe, expect, it } from 'vitest';
import { censusArea, ORIGIN, poi, road, siteAmounts } from '../../test/synthetic-region.js';
import { ADJACENCY_DECAY_METRES, ADJACENT_METRES, DEMAND_FEATURES, featureValues, ROAD_DECAY_METRES } from './demand-features.js';
import { DEMAND_MODEL, demandLogit, demandScore } from './demand-model.js';
import { MarketIndex } from './market-index.js';

describe('MarketIndex', () => {
  const layers = {
    pois: [poi({ office: 'company' }, 100, 0), poi({ office: 'company' }, 900, 0), poi({ amenity: 'school' }, 0, 300), poi({ shop: 'bakery' }, -50, 0)],
    roads: [road('Landstrasse', [-2_000, 400], [2_000, 400])],
    census: [censusArea(6_000, 100, 100, 2)],
  };

  it('measures the catchment in physical units and the nearest major road between its vertices', () => {
    const { amounts, nearestRoad, catchmentMetres } = new MarketIndex(layers).measure(ORIGIN, 'coffee', 250);
    expect(catchmentMetres).toBe(800);
    expect(amounts).toMatchObject({ residents: 6_000, offices: 1, schools: 1, retail: 1, universities: 0, places: 2, frontage: 1, transitSupply: 250 });
    expect(amounts.nearestPlaceMetres).toBeGreaterThan(49);
    expect(amounts.nearestPlaceMetres).toBeLessThan(51);
    expect(nearestRoad?.road.name).toBe('Landstrasse');
    expect(amounts.roadMetres).toBeGreaterThan(399);
    expect(amounts.roadMetres).toBeLessThan(402);
  });

  it('reads the fitted model: demand is 10 × σ(logit), and an unknown population moves nothing', () => {
    const index = new MarketIndex(layers);
    const site = index.search(ORIGIN, 'coffee', 250);
    expect(site.fit * 10).toBeCloseTo(demandScore(demandLogit('coffee', site.values).logit), 10);
    expect(site.logit).toBeCloseTo(DEMAND_MODEL.categories.coffee.intercept + Object.values(site.contributions).reduce((sum, part) => sum + part, 0), 10);
    const none = new MarketIndex({ ...layers, census: [], roads: [] }).search(ORIGIN, 'coffee', 250);
    expect(none.population).toBeNull();
    expect(none.amounts.residents).toBeNull();
    expect(none.contributions.residents).toBe(0);
    expect(none.nearestRoad).toBeNull();
  });

  it('turns amounts into features by fixed functions shared by every pack', () => {
    const values = featureValues(siteAmounts({ residents: 1_000, roadMetres: ROAD_DECAY_METRES, transitSupply: 100 }));
    expect(values.residents).toBeCloseTo(Math.log(2), 10);
    expect(values.roads).toBeCloseTo(Math.exp(-1), 10);
    expect(values.transit).toBeCloseTo(Math.log(2), 10);
    expect(values.offices).toBe(0);
    expect(values.adjacency).toBe(0);
    // Within ADJACENT_METRES the nearest place is adjacent (1); beyond, it decays.
    expect(featureValues(siteAmounts({ nearestPlaceMetres: ADJACENT_METRES / 2 })).adjacency).toBe(1);
    expect(featureValues(siteAmounts({ nearestPlaceMetres: ADJACENT_METRES + ADJACENCY_DECAY_METRES })).adjacency).toBeCloseTo(Math.exp(-1), 10);
    expect(Object.keys(values)).toEqual([...DEMAND_FEATURES]);
    expect(demandScore(0)).toBe(5);
  });
});
