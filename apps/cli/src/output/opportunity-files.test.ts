import type { OpportunityMap } from '@locscore/schema';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { OPPORTUNITY_COLUMNS, opportunitiesCsv, opportunitiesGeoJson, opportunityFileFormat } from './opportunity-files.js';
import { renderOpportunities } from './opportunity-table.js';

const site = {
  rank: 1,
  kind: 'address' as const,
  label: 'Landstrasse 19, 9494 Schaan',
  coordinates: { lat: 47.165, lng: 9.509 },
  score: 7.3,
  passed: true,
  story: 'Strong Location' as const,
  confidence: 'high' as const,
  breakdown: { transit: 4.8, competitor: 8.8, marketFit: 7.1 },
  nearestUnit: { unitId: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Rhine Coffee, Vaduz', distanceMetres: 3_140 },
  cannibalisation: 0.021,
};
const MAP: OpportunityMap = {
  region: 'Liechtenstein',
  category: 'coffee',
  modelVersion: '1.0.0',
  candidateKind: 'address',
  candidates: 1_200,
  dedupeMetres: 100,
  spacingMetres: 250,
  maxCannibalisationShare: 0.1,
  excluded: { territory: 2, cannibalisation: 1 },
  sites: [
    site,
    { ...site, rank: 2, kind: 'address', label: null, score: 5.2, passed: false, story: 'Proceed with Caution', nearestUnit: null, cannibalisation: null },
  ],
  heat: { cellMetres: 250, bbox: [9.47, 47.05, 9.63, 47.27], cells: [] },
};

describe('opportunity files', () => {
  it('chooses the format by extension', () => {
    expect(['a.csv', 'A.GEOJSON', 'b.json', 'c.txt'].map(opportunityFileFormat)).toEqual(['csv', 'geojson', 'geojson', null]);
  });

  it('writes a CSV that reads back to the sites, quoting the unit’s comma and leaving unknowns empty', () => {
    const rows = parse(opportunitiesCsv(MAP), { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0] ?? {})).toEqual([...OPPORTUNITY_COLUMNS]);
    expect(rows[0]).toMatchObject({
      rank: '1',
      label: 'Landstrasse 19, 9494 Schaan',
      lat: '47.165',
      score: '7.3',
      passed: 'true',
      nearest_unit: 'Rhine Coffee, Vaduz',
      cannibalisation: '0.021',
    });
    expect(rows[1]).toMatchObject({
      label: '',
      passed: 'false',
      story: 'Proceed with Caution',
      nearest_unit: '',
      nearest_unit_metres: '',
      cannibalisation: '',
    });
  });

  it('writes GeoJSON points at [lng, lat] with the site’s fields', () => {
    const collection = JSON.parse(opportunitiesGeoJson(MAP)) as {
      type: string;
      features: Array<{ geometry: { coordinates: number[] }; properties: Record<string, unknown> }>;
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features[0]?.geometry.coordinates).toEqual([9.509, 47.165]);
    expect(collection.features[0]?.properties).toMatchObject({ rank: 1, score: 7.3, market_fit: 7.1, region: 'Liechtenstein', category: 'coffee' });
    expect(collection.features[1]?.properties).toMatchObject({ label: null, nearest_unit: null, cannibalisation: null });
  });

  it('renders the table with the verdict from the result and what was left out', () => {
    const text = renderOpportunities(MAP);
    expect(text).toContain('PASS Strong Location');
    expect(text).toContain('FAIL Proceed with Caution');
    expect(text).toContain('Rhine Coffee, Vaduz (3.1 km)');
    expect(text).toContain('47.16500, 9.50900');
    expect(text).toMatch(/left out: 2 inside your territories, 1 taking over 10 % of a unit's demand/);
  });
});
