import { describe, expect, it } from 'vitest';
import { CompetitorIndex } from '../places/competitor-index.js';
import { ReservedVenueIndex } from '../territory/reserved-venues.js';
import { ResidentIndex } from '../territory/resident-index.js';
import type { TerritoryRegion } from '../territory/territory-region.js';
import { type NetworkUnit, UnitNetwork } from '../territory/unit-network.js';
import type { ScoredCandidate } from './candidate-sites.js';
import type { OpportunityTable } from './opportunity-table.js';
import { rankSites, type SiteVerdict } from './rank-sites.js';

/** Metres northwards from 47° N as degrees of latitude. */
const north = (metres: number) => 47 + metres / 111_195;

/** Candidates every 100 m northwards, scores falling from 9.9. */
const ranked: ScoredCandidate[] = Array.from({ length: 60 }, (_, index) => ({
  lat: north(index * 100),
  lng: 9.5,
  label: `Site ${index}`,
  score: 9.9 - index / 10,
}));
const table: OpportunityTable = {
  region: 'R',
  category: 'coffee',
  modelVersion: 'test',
  kind: 'address',
  dedupeMetres: 100,
  ranked,
  heat: { cellMetres: 250, bbox: [0, 0, 0, 0], cells: [] },
  buildMs: 0,
};

const verdicts: ScoredCandidate[] = [];
const verdictAt = (site: ScoredCandidate): SiteVerdict => {
  verdicts.push(site);
  return { score: site.score, breakdown: { transit: 5, competitor: 5, marketFit: 5 }, confidence: 'high', passed: site.score >= 7, story: 'Strong Location' };
};

const unit = (id: string, metres: number, territory: number | null): NetworkUnit => ({
  id,
  name: id,
  status: 'planned',
  category: 'coffee',
  coordinates: { lat: north(metres), lng: 9.5 },
  brand: null,
  territory: territory === null ? null : { type: 'radius', metres: territory },
});

/** Residents spread every 50 m along the candidates' line. */
const territory: TerritoryRegion = {
  name: 'R',
  residents: new ResidentIndex(Array.from({ length: 140 }, (_, index) => ({ lat: north(index * 50), lng: 9.5, residents: 100 }))),
  venues: new ReservedVenueIndex([]),
  competitors: new CompetitorIndex([]),
};

const base = { table, limit: 5, network: null, territory: null, maxCannibalisationShare: 0.1, spacingMetres: 250, verdictAt };

describe('rankSites', () => {
  it('answers the best candidates at least the spacing apart, measuring only the answered ones', () => {
    verdicts.length = 0;
    const { sites, excluded } = rankSites(base);
    expect(sites.map((site) => site.label)).toEqual(['Site 0', 'Site 3', 'Site 6', 'Site 9', 'Site 12']);
    expect(sites.map((site) => site.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(verdicts.map((site) => site.label)).toEqual(sites.map((site) => site.label));
    expect(excluded).toEqual({ territory: 0, cannibalisation: 0 });
    expect(sites.every((site) => site.nearestUnit === null && site.cannibalisation === 0)).toBe(true);
  });

  it('leaves out own protected territories (planned units too), counting them', () => {
    const network = new UnitNetwork([unit('u', 0, 450)]);
    const { sites, excluded } = rankSites({ ...base, network });
    expect(sites[0]?.label).toBe('Site 5');
    expect(excluded.territory).toBe(5);
    expect(sites[0]?.nearestUnit).toEqual({ unitId: 'u', name: 'u', distanceMetres: 500 });
    // Without a population layer the cannibalisation cannot be measured.
    expect(sites[0]?.cannibalisation).toBeNull();
  });

  it('leaves out ground that takes more than the share of an own unit’s demand, and answers a looser share', () => {
    const network = new UnitNetwork([unit('u', 0, null)]);
    const strict = rankSites({ ...base, network, territory });
    expect(strict.excluded.cannibalisation).toBeGreaterThan(0);
    for (const site of strict.sites) expect(site.cannibalisation).toBeLessThanOrEqual(0.1);
    const loose = rankSites({ ...base, network, territory, maxCannibalisationShare: 1 });
    expect(loose.excluded.cannibalisation).toBe(0);
    expect(loose.sites[0]?.label).toBe('Site 0');
    expect(loose.sites[0]?.cannibalisation).toBeGreaterThan(0.1);
  });
});
