import { MAX_CANNIBALISATION_SHARE, MAX_OPPORTUNITY_LIMIT, OpportunityMap } from '@locscore/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { buildRegionIndexes } from '../src/model/region-indexes.js';
import { createOpportunityFinder, type OpportunityFinder } from '../src/opportunities/opportunity-finder.js';
import { UnknownRegionError } from '../src/opportunities/unknown-region-error.js';
import { CATEGORY_DEFINITIONS } from '../src/places/categories.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import type { ScoringEngine } from '../src/scoring-engine.js';
import { cannibalisation } from '../src/territory/cannibalisation.js';
import { type TerritoryRegion, territoryRegion } from '../src/territory/territory-region.js';
import { type NetworkUnit, UnitNetwork } from '../src/territory/unit-network.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');

/** An own coffee unit at `point`, with a radius territory of `metres` or none. */
function unit(id: string, point: { lat: number; lng: number }, metres: number | null): NetworkUnit {
  return {
    id,
    name: `Unit ${id}`,
    status: 'open',
    category: 'coffee',
    coordinates: point,
    brand: null,
    territory: metres === null ? null : { type: 'radius', metres },
  };
}

describe.skipIf(pbf === null)('the opportunity map of the Liechtenstein pack (real OSM data)', () => {
  let region: RegionData;
  let engine: ScoringEngine;
  let finder: OpportunityFinder;
  let territory: TerritoryRegion;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: pbf ?? '', name: 'Liechtenstein' }));
    engine = createEngine({ regions: [region] });
    const indexes = buildRegionIndexes(region);
    territory = territoryRegion(region, indexes.competitors);
    finder = createOpportunityFinder([{ region, indexes, territory: () => territory }]);
  });

  it('ranks the deduplicated address points by the model’s own score, answered sites spaced apart, each label scoring the same site', async () => {
    const map = await engine.opportunities?.({ category: 'coffee', region: 'liechtenstein', limit: 20 });
    expect(map).toBeDefined();
    if (map === undefined) return;
    expect(OpportunityMap.parse(map)).toEqual(map);
    expect(map.region).toBe('Liechtenstein');
    expect(map.candidateKind).toBe('address');
    expect(map.candidates).toBeGreaterThan(500);
    expect(map.candidates).toBeLessThan(region.addresses.length);
    expect(map.sites).toHaveLength(20);
    expect(map.sites.map((site) => site.rank)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const scores = map.sites.map((site) => site.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The best site is the best cell of the heat grid.
    expect(scores[0]).toBe(Math.max(...map.heat.cells.map((cell) => cell.score)));
    expect(map.heat.cells.reduce((sum, cell) => sum + cell.sites, 0)).toBe(map.candidates);
    expect(map.heat.cellMetres).toBe(250);
    expect(map.heat.cells.length).toBeGreaterThan(100);
    expect(map.spacingMetres).toBe(CATEGORY_DEFINITIONS.coffee.radiusMetres / 2);
    for (const [index, site] of map.sites.entries()) {
      for (const other of map.sites.slice(index + 1)) expect(haversineMetres(site.coordinates, other.coordinates)).toBeGreaterThanOrEqual(map.spacingMetres);
      expect(site.passed).toBe(site.score >= 7 && site.confidence !== 'low');
      expect(site.nearestUnit).toBeNull();
      expect(site.cannibalisation).toBe(0);
    }
    for (const site of map.sites.slice(0, 5)) {
      const scored = await engine.score({ address: site.label ?? '', category: 'coffee' });
      expect(haversineMetres(scored.coordinates, site.coordinates)).toBeLessThan(1);
      expect([scored.score, scored.passed, scored.story, scored.breakdown]).toEqual([site.score, site.passed, site.story, site.breakdown]);
    }
  });

  it('scores a region and category once, and answers a second call from the cached table', async () => {
    expect(finder.cached('Liechtenstein', 'pharmacy-health')).toBe(false);
    const first = await finder.find({ category: 'pharmacy-health', region: 'Liechtenstein', limit: 10 });
    expect(finder.cached('Liechtenstein', 'pharmacy-health')).toBe(true);
    const again = await finder.find({ category: 'pharmacy-health', region: 'LIECHTENSTEIN', limit: 10 });
    expect(again).toEqual(first);
    expect(finder.cached('Liechtenstein', 'coffee')).toBe(false);
  });

  it('leaves out own protected territories and ground that would take more than 10 % of an own unit’s demand', async () => {
    const open = await finder.find({ category: 'coffee', limit: 10 });
    const [best] = open.sites;
    // The unit without a territory stands at the best site outside the other's
    // territory and its trade area, so both exclusions have ground to show on.
    const second = open.sites.find(
      (site) => best !== undefined && haversineMetres(site.coordinates, best.coordinates) > 1_500 + CATEGORY_DEFINITIONS.coffee.radiusMetres,
    );
    if (best === undefined || second === undefined) throw new Error('no sites');
    const network = new UnitNetwork([unit('t', best.coordinates, 1_500), unit('c', second.coordinates, null)]);
    const served = await finder.find({ category: 'coffee', limit: 20, network });
    expect(served.excluded.territory).toBeGreaterThan(0);
    expect(served.excluded.cannibalisation).toBeGreaterThan(0);
    expect(served.sites.map((site) => site.label)).not.toContain(best.label);
    expect(served.sites.map((site) => site.label)).not.toContain(second.label);
    for (const site of served.sites) {
      expect(network.encroached(site.coordinates, 'coffee')).toEqual([]);
      const measured = cannibalisation({
        site: site.coordinates,
        category: 'coffee',
        radiusMetres: CATEGORY_DEFINITIONS.coffee.radiusMetres,
        network,
        competitors: territory.competitors,
        residents: territory.residents,
      });
      const largest = Math.max(0, ...measured.units.map((entry) => entry.shareLost));
      expect(site.cannibalisation).toBe(largest);
      expect(largest).toBeLessThanOrEqual(MAX_CANNIBALISATION_SHARE);
      expect(site.nearestUnit?.unitId).toMatch(/^[tc]$/);
    }
    // The same network walks the cached table once; a changed network walks it again.
    expect((await finder.find({ category: 'coffee', limit: 20, network })).sites).toBe(served.sites);
    const moved = network.withChanges([], ['c']);
    const again = await finder.find({ category: 'coffee', limit: 20, network: moved });
    expect(again.sites).not.toBe(served.sites);
    expect(again.excluded.cannibalisation).toBe(0);
    // The own unit without a territory still leaves room farther away: sites near it are answered when they take little
    // (among the most sites a query may ask for, so that the claim does not rest on where the model ranks them).
    const widest = await finder.find({ category: 'coffee', limit: MAX_OPPORTUNITY_LIMIT, network });
    expect(widest.sites.some((site) => haversineMetres(site.coordinates, second.coordinates) < 2 * CATEGORY_DEFINITIONS.coffee.radiusMetres)).toBe(true);
  });

  it('refuses a region it has not loaded, naming the loaded ones', async () => {
    await expect(finder.find({ category: 'coffee', region: 'Narnia' })).rejects.toThrow(UnknownRegionError);
    await expect(finder.find({ category: 'coffee', region: 'Narnia' })).rejects.toThrow(/"Narnia" is not loaded \(loaded: Liechtenstein\)/);
  });
});
