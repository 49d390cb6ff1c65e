import { CATEGORIES, type Category } from '@locscore/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMAND_FEATURES, featureValues, type SiteAmounts } from './demand-features.js';
import { DEMAND_MODEL, demandLogit, demandScore } from './demand-model.js';

const category = fc.constantFrom<Category>(...CATEGORIES);
const count = fc.integer({ min: 0, max: 400 });
const amounts = fc.record<SiteAmounts>({
  offices: count,
  schools: count,
  universities: count,
  retail: count,
  dining: count,
  healthcare: count,
  parks: count,
  attractors: count,
  motoring: count,
  places: count,
  frontage: count,
  nearestPlaceMetres: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  clusterMetres: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  districtMetres: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  residents: fc.option(fc.integer({ min: 0, max: 80_000 }), { nil: null }),
  roadMetres: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: null }),
  transitSupply: fc.integer({ min: 0, max: 90_000 }),
});
const demand = (cat: Category, site: SiteAmounts): number => demandScore(demandLogit(cat, featureValues(site)).logit);

describe('demand (properties)', () => {
  it('every fitted weight is ≥ 0', () => {
    for (const cat of CATEGORIES) for (const feature of DEMAND_FEATURES) expect(DEMAND_MODEL.categories[cat].weights[feature]).toBeGreaterThanOrEqual(0);
  });

  it('more of any demand driver, a nearer place or major road, or more transit never lowers demand', () => {
    fc.assert(
      fc.property(category, amounts, fc.integer({ min: 1, max: 500 }), fc.constantFrom(...DEMAND_FEATURES), (cat, site, more, feature) => {
        const richer: SiteAmounts = { ...site };
        const nearer = (metres: number | null): number => (metres === null ? 0 : Math.max(0, metres - more));
        if (feature === 'residents') richer.residents = (site.residents ?? 0) + more;
        else if (feature === 'roads') richer.roadMetres = nearer(site.roadMetres);
        else if (feature === 'adjacency') richer.nearestPlaceMetres = nearer(site.nearestPlaceMetres);
        else if (feature === 'cluster') richer.clusterMetres = nearer(site.clusterMetres);
        else if (feature === 'district') richer.districtMetres = nearer(site.districtMetres);
        else if (feature === 'transit') richer.transitSupply = site.transitSupply + more;
        else richer[feature] = site[feature] + more;
        // An unknown population is read at the pooled centre; a known one is compared with a known one.
        if (feature === 'residents' && site.residents === null) return;
        expect(demand(cat, richer)).toBeGreaterThanOrEqual(demand(cat, site));
      }),
      { numRuns: 400 },
    );
  });
});
