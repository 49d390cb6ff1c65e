import { CATEGORIES, type Category, roundScore, ScoreResult } from '@locscore/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressGrid, busStop, censusArea, offset, poi, road, station, syntheticRegion } from '../test/synthetic-region.js';
import { createEngine, type GeocoderFactory } from './engine.js';
import { AddressNotFoundError } from './errors.js';
import type { GeocodeMatch, GeocodeOutcome } from './geocode/types.js';
import { OVERALL_WEIGHTS } from './model/overall.js';
import { buildRegionIndexes } from './model/region-indexes.js';
import { scoreLocation } from './model/score-location.js';
import { MODEL_VERSION } from './model/version.js';
import type { RegionData } from './region/types.js';

/** A geocoder that knows a fixed table of addresses per region. */
const tableGeocoder =
  (tables: Record<string, Record<string, GeocodeMatch>>): GeocoderFactory =>
  (region) => ({ geocode: (text) => found(tables[region.manifest.name]?.[text]) });

const found = (match: GeocodeMatch | undefined): GeocodeOutcome =>
  match === undefined ? { status: 'not_found', reason: 'not in the table', candidates: [], unheld: [] } : { status: 'matched', match };

const match = (north: number, east: number, precision: GeocodeMatch['precision'], matchedAddress: string, confidence = 1): GeocodeMatch => ({
  ...offset(north, east),
  precision,
  matchedAddress,
  confidence,
});

const town: RegionData = syntheticRegion(
  {
    addresses: addressGrid(600, 35),
    stations: [station('Central', 0, 350, ['subway']), station('Harbour', 1_500, 0, ['rail'])],
    busStops: [busStop('Post', 120, 0), busStop('Market', -200, 80), busStop('Far', 1_000, 0)],
    pois: [
      poi({ amenity: 'cafe', name: 'Bean There' }, 80, 60, 4.6),
      poi({ amenity: 'cafe', brand: 'Tim Hortons' }, -300, 0, 3.9),
      poi({ amenity: 'cafe' }, 0, -420),
      poi({ amenity: 'cafe', name: 'Outside radius' }, 0, 900, 4.1),
      poi({ shop: 'car_repair', name: 'Garage Nord' }, 2_500, 0),
      ...Array.from({ length: 12 }, (_, i) => poi({ office: 'company', name: `Office ${i}` }, 50 * i, -100)),
      ...Array.from({ length: 25 }, (_, i) => poi({ shop: 'clothes' }, -40 * i, 200)),
      poi({ amenity: 'school', name: 'Primarschule' }, 300, 300),
      poi({ amenity: 'university' }, -500, -500),
      poi({ leisure: 'park' }, 200, -200),
    ],
    roads: [road('Landstrasse', [-3_000, 150], [3_000, 150])],
    census: [censusArea(5_000, 0, 0, 1.2)],
  },
  'Testtown',
);
const village: RegionData = syntheticRegion({ addresses: addressGrid(20) }, 'Village');

const engine = createEngine({
  regions: [village, town],
  geocoderFactory: tableGeocoder({
    Testtown: {
      'Teststrasse 1, Testtown': match(0, 0, 'address_point', 'Teststrasse 1, 9490 Testtown'),
      'Ambiguous 5': match(0, 0, 'street', 'Ambiguous, Testtown', 0.9),
      'Nowhere Road 9': match(8_000, 8_000, 'street', 'Nowhere Road, Testtown', 0.5),
    },
    Village: {
      'Ambiguous 5': match(10, 10, 'interpolated', 'Ambiguous 5, Village', 0.4),
    },
  }),
});

/**
 * The percentile of a score among every address point of a region, each
 * scored with the model directly: the share scoring at or below it, ties at
 * their mean position.
 */
function percentileAmongAddresses(region: RegionData, category: Category, score: number): number {
  const indexes = buildRegionIndexes(region);
  const scores = region.addresses.map((point) => scoreLocation(indexes, point, category).score);
  const below = scores.filter((value) => value < score).length;
  const equal = scores.filter((value) => value === score).length;
  const position = equal === 0 ? below : below + (equal + 1) / 2;
  return Math.round((100 * position) / scores.length);
}

describe('createEngine', () => {
  it('scores an address into a ScoreResult that the schema accepts, with real names and distances', async () => {
    const result = await engine.score({ address: 'Teststrasse 1, Testtown', category: 'coffee' });
    expect(ScoreResult.parse(result)).toEqual(result);
    expect(result.nearestStation).toBe('Central');
    expect(result.transitDistanceMetres).toBe(350);
    expect(result.competitorCount).toBe(3);
    expect(result.competitors.map(({ name }) => name)).toEqual(['Bean There', 'Tim Hortons', 'Unnamed coffee']);
    expect(result.competitors[0]?.distanceMetres).toBe(100);
    expect(result.avgCompetitorRating).toBe(4.25);
    const confidence = result.meta?.confidence;
    expect(confidence?.reasons.length).toBeGreaterThan(0);
    expect(result.passed).toBe(result.score >= 7 && confidence?.level !== 'low');
    expect(result.meta).toEqual({
      confidence,
      matchedAddress: 'Teststrasse 1, 9490 Testtown',
      geocodePrecision: 'address_point',
      geocodeConfidence: 1,
      percentile: percentileAmongAddresses(town, 'coffee', result.score),
      region: { name: 'Testtown', sample: true, attribution: town.manifest.attribution },
      modelVersion: MODEL_VERSION,
      weights: OVERALL_WEIGHTS.coffee,
      sources: { pack: { name: 'Testtown', digest: expect.stringMatching(/^[0-9a-f]{64}$/) }, osm: null, gtfs: [], census: [] },
    });
    const weights = OVERALL_WEIGHTS.coffee;
    expect(result.score).toBe(
      roundScore(
        weights.transit * result.breakdown.transit + weights.competitor * result.breakdown.competitor + weights.marketFit * result.breakdown.marketFit,
      ),
    );
    const text = result.insights.map(({ headline, detail }) => `${headline} ${detail}`).join('\n');
    expect(text).toContain('Central metro station 350 m away');
    expect(text).toContain('2 bus stops within 400 m');
    expect(text).toContain('3 coffee competitors within 500 m');
    expect(text).toContain('Nearest: Bean There, 100 m away');
  });

  it('takes the finer match across regions, and an interpolated match caps confidence at low with its reason', async () => {
    const result = await engine.score({ address: 'Ambiguous 5', category: 'coffee' });
    expect(result.meta?.region?.name).toBe('Village');
    expect(result.meta).not.toHaveProperty('percentile'); // 20 address points are too few to rank against
    expect(result.meta?.geocodePrecision).toBe('interpolated');
    expect(result.nearestStation).toBeNull();
    expect(result.meta?.confidence?.level).toBe('low');
    expect(result.meta?.confidence?.reasons.join(' ')).toContain('located by interpolating house numbers');
    expect(result.passed).toBe(false);
  });

  it('reports absent transit and competitors as null and empty, names the nearest competitor outside, and reads no competitor on a thin map as unknown, not open', async () => {
    const result = await engine.score({ address: 'Nowhere Road 9', category: 'automotive-services' });
    expect(ScoreResult.parse(result)).toEqual(result);
    expect(result).toMatchObject({ nearestStation: null, transitDistanceMetres: null, competitors: [], competitorCount: 0, avgCompetitorRating: null });
    expect(result.breakdown.competitor).toBe(5);
    expect(result.breakdown.transit).toBe(0);
    expect(result.meta?.confidence?.level).toBe('low');
    expect(result.meta?.confidence?.reasons.join(' ')).toContain('located only at its street');
    const competition = result.insights.find(({ headline }) => headline === 'No automotive services competitor within 3,000 m');
    expect(competition?.detail).toMatch(/^The nearest is Garage Nord, [\d,]+ m away/);
    expect(competition?.detail).toMatch(/is not a lever/);
    expect(result.insights.map(({ headline }) => headline)).toContain('Transit 0.0/10: no rail or tram station within 5 km');
  });

  it('rejects an unknown address with AddressNotFoundError, and bad input with errors naming the field', async () => {
    await expect(engine.score({ address: 'Unknown 1', category: 'coffee' })).rejects.toBeInstanceOf(AddressNotFoundError);
    await expect(engine.score({ address: '  ', category: 'coffee' })).rejects.toThrow(/address/);
    await expect(engine.score({ address: 'Teststrasse 1, Testtown', category: 'tea' as Category })).rejects.toThrow(/category/);
    await expect(createEngine({ regions: [], geocoderFactory: tableGeocoder({}) }).score({ address: 'A 1', category: 'coffee' })).rejects.toBeInstanceOf(
      AddressNotFoundError,
    );
    expect(() => createEngine({ regions: 'x' as unknown as RegionData[] })).toThrow(/regions/);
  });

  it('is deterministic and exposes the loaded manifests', async () => {
    const a = await engine.score({ address: 'Teststrasse 1, Testtown', category: 'gym-fitness' });
    const b = await engine.score({ address: 'Teststrasse 1, Testtown', category: 'gym-fitness' });
    expect(a).toEqual(b);
    expect(engine.regions.map(({ name }) => name)).toEqual(['Village', 'Testtown']);
  });

  it('always answers 0-10 one-decimal scores, the weighted story, and 2-6 insights for any point and category', async () => {
    // One engine (its indexes are built once per region); the geocoder answers the point of the current run.
    let at = { north: 0, east: 0 };
    const pointEngine = createEngine({ regions: [town], geocoderFactory: () => ({ geocode: () => found(match(at.north, at.east, 'address_point', 'P')) }) });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -4_000, max: 4_000 }),
        fc.integer({ min: -4_000, max: 4_000 }),
        fc.constantFrom(...CATEGORIES),
        async (north, east, category) => {
          at = { north, east };
          const result = await pointEngine.score({ address: 'P', category });
          ScoreResult.parse(result);
          for (const value of [result.score, result.breakdown.transit, result.breakdown.competitor, result.breakdown.marketFit]) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(10);
            expect(roundScore(value)).toBe(value);
          }
          expect(result.insights.length).toBeGreaterThanOrEqual(2);
          expect(result.insights.length).toBeLessThanOrEqual(6);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('warm', () => {
  it('builds the percentile table of each category once per region with enough address points, and nothing once aborted', async () => {
    const fresh = createEngine({ regions: [village, town], geocoderFactory: tableGeocoder({}) });
    const stopped = new AbortController();
    stopped.abort();
    expect(await fresh.warm?.(stopped.signal)).toBe(0);
    // The village has 20 address points: too few for a percentile, so only the town's twelve tables.
    expect(await fresh.warm?.()).toBe(CATEGORIES.length);
    expect(await fresh.warm?.()).toBe(0);
  });
});
