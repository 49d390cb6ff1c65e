import { ScoreResult } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { addressGrid, ORIGIN, poi, syntheticRegion } from '../../test/synthetic-region.js';
import type { Poi } from '../region/types.js';
import { buildRegionIndexes } from './region-indexes.js';
import { scoreLocation } from './score-location.js';

const starbucks = (north: number, east: number): Poi => ({
  ...poi({ amenity: 'cafe', name: 'Starbucks' }, north, east),
  brand: 'Starbucks',
  brandWikidata: 'Q37158',
});
const competition = (pois: Poi[]) => {
  const result = scoreLocation(buildRegionIndexes(syntheticRegion({ addresses: addressGrid(50), pois })), ORIGIN, 'coffee');
  ScoreResult.omit({ meta: true }).parse(result);
  const insight = result.insights.find((item) => item.headline.includes('coffee competitor'));
  return { result, detail: insight?.detail ?? '' };
};

describe('competitors in a result', () => {
  it('carry brand and chain, count a place mapped twice once, and the insight counts the chain locations', () => {
    const { result, detail } = competition([
      starbucks(100, 0),
      starbucks(-300, 0),
      poi({ amenity: 'cafe', name: 'Bean There' }, 50, 50),
      // Bean There's building, 20 m from its node: the same place.
      poi({ amenity: 'cafe', name: 'Bean There', building: 'yes' }, 60, 65),
    ]);
    expect(result.competitorCount).toBe(3);
    expect(result.competitors.map(({ name, brand, chain }) => [name, brand, chain])).toEqual([
      ['Bean There', null, false],
      ['Starbucks', 'Starbucks', true],
      ['Starbucks', 'Starbucks', true],
    ]);
    expect(detail).toContain('2 of them are chain locations: Starbucks ×2.');
  });

  it('words the insight for one chain location, all chain locations, and none', () => {
    expect(competition([starbucks(100, 0)]).detail).toContain('It is a chain location: Starbucks.');
    expect(competition([starbucks(100, 0), starbucks(200, 0)]).detail).toContain('All 2 are chain locations: Starbucks ×2.');
    expect(competition([poi({ amenity: 'cafe', name: 'Bean There' }, 50, 50)]).detail).not.toContain('chain');
  });
});
