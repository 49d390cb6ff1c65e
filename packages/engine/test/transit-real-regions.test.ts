import { roundScore } from '@locscore/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { realPackOptions } from '../../../bench/support/real-packs.js';
import { buildRegionIndexes } from '../src/model/region-indexes.js';
import { transitScoreFromSupply, transitService } from '../src/model/transit-score.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const liechtenstein = sharedFile('liechtenstein/liechtenstein.osm.pbf');
const westVillage = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');
const subway = sharedFile('nyc-transit/mta-subway.zip');
const bus = sharedFile('nyc-transit/mta-bus-manhattan.zip');
const tracts = sharedFile('nyc-census/cb_2020_36_tract_500k/cb_2020_36_tract_500k.shp');
const tractTable = sharedFile('nyc-census/demographics_ct.csv');

/** The transit sub-score at every address point of a pack. */
function addressScores(region: RegionData): number[] {
  const indexes = buildRegionIndexes(region);
  return region.addresses.map((address) => roundScore(transitScoreFromSupply(transitService(indexes.transit.access(address)).supply)));
}

describe.skipIf(liechtenstein === null)('transit in Liechtenstein, OSM only (real data)', () => {
  let region: RegionData;
  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: liechtenstein ?? '', name: 'Liechtenstein' }));
  });

  it('merges the platforms and stop positions of one stop, even poles far apart in one stop area', () => {
    for (const name of ['Vaduz Post', 'Schaan Zentrum', 'Balzers Egerta', 'Eschen Presta']) {
      expect(
        region.busStops.filter((s) => s.name === name),
        name,
      ).toHaveLength(1);
    }
    const named = region.busStops.filter((s) => s.name !== null);
    for (const [i, a] of named.entries()) {
      for (const b of named.slice(i + 1)) if (a.name === b.name) expect(haversineMetres(a, b), a.name ?? '').toBeGreaterThan(50);
    }
  });

  it('gives stops the bus lines of the OSM route relations, each once', () => {
    const post = region.busStops.find((s) => s.name === 'Vaduz Post');
    const lines = post?.routes?.map((r) => r.name) ?? [];
    expect(lines).toEqual(expect.arrayContaining(['11', '12', '13', '14', '21', '40']));
    expect(new Set(lines).size).toBe(lines.length);
    expect(post).toMatchObject({ routeCount: lines.length, modes: ['bus'] });
    expect(post?.weeklyDepartures).toBeUndefined();
    expect(region.busStops.filter((s) => (s.routes?.length ?? 0) > 0).length).toBeGreaterThan(140);
  });

  it('scores every address with a bus stop within 400 m above 0', () => {
    const indexes = buildRegionIndexes(region);
    const served = region.addresses.filter((a) => indexes.transit.access(a).busStops.length > 0);
    expect(served.length).toBeGreaterThan(region.addresses.length / 2);
    const scores = served.map((a) => transitScoreFromSupply(transitService(indexes.transit.access(a)).supply));
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(1.6);
  });
});

describe.skipIf(westVillage === null || subway === null || bus === null || tracts === null || tractTable === null)(
  'transit in the West Village with the MTA feeds (real data)',
  () => {
    let region: RegionData;
    beforeAll(async () => {
      // The pack the model's tests score (the MTA feeds and the census tracts), imported once per run.
      region = await loadRegion(await sharedPack(realPackOptions('west-village')));
    });

    it('folds each OSM subway station into the feed station it duplicates', () => {
      const fromOsm = region.stations.filter((s) => s.sources.includes('osm'));
      expect(fromOsm).toHaveLength(11);
      for (const station of fromOsm) {
        expect(station.sources, station.name).toEqual(['gtfs:mta-subway', 'osm']);
        expect(station.weeklyDepartures, station.name).toBeGreaterThan(1_000);
      }
      expect(region.stations.find((s) => s.name === 'Christopher St-Stonewall')?.sources).toContain('osm');
    });

    it('gives every bus stop its weekly departures', () => {
      expect(region.busStops.length).toBeGreaterThan(500);
      expect(region.busStops.every((s) => s.weeklyDepartures !== undefined && s.routes !== undefined)).toBe(true);
    });

    it('spreads the transit sub-score over the addresses instead of saturating', () => {
      const scores = addressScores(region);
      const tens = scores.filter((score) => score === 10).length;
      expect(tens / scores.length).toBeLessThan(0.5);
      expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThanOrEqual(0.8);
      // Still among the best-served places there are: no West Village address below the metro-at-the-door level.
      expect(Math.min(...scores)).toBeGreaterThan(8);
    });
  },
);
