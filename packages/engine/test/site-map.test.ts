/**
 * The site map (`engine.siteMap`) on the real West Village extract: what it
 * draws is what the score counts, every point lies in the circle, every road
 * reaches into it, and the body matches the API's `SiteMap` schema.
 */
import { type CompetitorFeature, type RoadFeature, type ScoreResult, SiteMap, type StationFeature } from '@locscore/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { OutsideRegionsError } from '../src/errors.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { ScoringEngine } from '../src/scoring-engine.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const westVillage = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');

const pointOf = ([lng, lat]: readonly [number, number]) => ({ lat, lng });

describe.skipIf(westVillage === null)('site map on the real West Village pack', () => {
  let engine: ScoringEngine;
  let scored: ScoreResult;

  beforeAll(async () => {
    engine = createEngine({ regions: [await loadRegion(await sharedPack({ osm: westVillage ?? '', name: 'West Village' }))] });
    scored = await engine.score({ address: '55 Perry Street, New York, NY 10014', category: 'coffee' });
  });

  it('draws the competitors the score counts, within the trade area, and names the pack and its attribution', () => {
    const map = SiteMap.parse(engine.siteMap?.({ ...scored.coordinates, category: 'coffee' }));
    expect(map.meta).toMatchObject({ radiusMetres: 500, tradeAreaRadiusMetres: 500, category: 'coffee', region: 'West Village', sample: false });
    expect(map.meta.attribution).toMatch(/OpenStreetMap/);
    const competitors = map.features.filter((feature): feature is CompetitorFeature => feature.properties.kind === 'competitor');
    expect(competitors).toHaveLength(scored.competitorCount);
    expect(scored.competitorCount).toBeGreaterThan(0);
    for (const competitor of competitors) {
      expect(haversineMetres(scored.coordinates, pointOf(competitor.geometry.coordinates))).toBeLessThanOrEqual(501);
    }
    expect(competitors.map((feature) => feature.properties.name)).toEqual(expect.arrayContaining(scored.competitors.map((competitor) => competitor.name)));
  });

  it('draws roads as lines that reach into the circle, and more of them for a wider circle', () => {
    const near = SiteMap.parse(engine.siteMap?.({ ...scored.coordinates, radiusMetres: 200 }));
    const wide = SiteMap.parse(engine.siteMap?.({ ...scored.coordinates, radiusMetres: 1_000 }));
    const roads = (map: SiteMap) => map.features.filter((feature): feature is RoadFeature => feature.properties.kind === 'road');
    expect(roads(near).length).toBeGreaterThan(3);
    expect(roads(wide).length).toBeGreaterThan(roads(near).length);
    for (const road of roads(near)) {
      const nearest = Math.min(...road.geometry.coordinates.map((position) => haversineMetres(scored.coordinates, pointOf(position))));
      // A kept segment comes within the radius; its vertices may lie beyond it, by at most a block here.
      expect(nearest).toBeLessThan(200 + 400);
    }
    expect(roads(wide).some((road) => road.properties.name === 'Perry Street')).toBe(true);
    expect(near.meta).toMatchObject({ radiusMetres: 200, category: null, tradeAreaRadiusMetres: null });
  });

  it('draws the stations within the circle, among them the result’s nearest station', () => {
    const map = SiteMap.parse(engine.siteMap?.({ ...scored.coordinates, radiusMetres: 2_000 }));
    const stations = map.features.filter((feature): feature is StationFeature => feature.properties.kind === 'station');
    for (const station of stations) expect(haversineMetres(scored.coordinates, pointOf(station.geometry.coordinates))).toBeLessThanOrEqual(2_001);
    expect(scored.transitDistanceMetres).toBeLessThanOrEqual(2_000);
    expect(stations.map((station) => station.properties.name)).toContain(scored.nearestStation);
  });

  it('refuses a point outside every loaded region', () => {
    expect(() => engine.siteMap?.({ lat: 47.14, lng: 9.52 })).toThrow(OutsideRegionsError);
  });
});
