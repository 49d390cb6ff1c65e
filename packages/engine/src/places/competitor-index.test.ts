import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGIN, offset, poi } from '../../test/synthetic-region.js';
import { competitorPressure, competitorScoreFromPressure } from '../model/competitor-score.js';
import type { LatLng, Poi } from '../region/types.js';
import { CompetitorIndex } from './competitor-index.js';
import { RATING_PRIOR_WEIGHT } from './rating-prior.js';

describe('CompetitorIndex', () => {
  const pois = [
    poi({ amenity: 'cafe', name: 'Far Café' }, 450, 0, 4.5),
    poi({ amenity: 'cafe', brand: 'Starbucks' }, 0, 120, 3.5),
    poi({ amenity: 'cafe' }, -200, 0),
    poi({ amenity: 'cafe', name: 'Outside' }, 0, 900, 5),
    poi({ shop: 'hairdresser', name: 'Salon' }, 10, 10),
  ];
  const index = new CompetitorIndex(pois);

  it('lists competitors of the category within its radius, nearest first, with name fallbacks', () => {
    const search = index.search(ORIGIN, 'coffee');
    expect(search.radiusMetres).toBe(500);
    expect(search.count).toBe(3);
    expect(search.competitors.map(({ name }) => name)).toEqual(['Starbucks', 'Unnamed coffee', 'Far Café']);
    expect(search.competitors.map(({ rating }) => rating)).toEqual([3.5, null, 4.5]);
    expect(search.averageRating).toBe(4);
    expect(Math.round(search.competitors[0]?.distanceMetres ?? 0)).toBe(120);
  });

  it('gives a null average when no competitor is rated, and finds the nearest beyond the radius', () => {
    const search = index.search(ORIGIN, 'beauty-salon');
    expect(search.count).toBe(1);
    expect(search.averageRating).toBeNull();
    expect(index.search(ORIGIN, 'gym-fitness')).toMatchObject({ count: 0, competitors: [], averageRating: null, chainCount: 0 });
    expect(index.nearest(ORIGIN, 'coffee', 10_000)?.name).toBe('Starbucks');
    expect(index.total('coffee')).toBe(4);
  });
});

describe('CompetitorIndex over places mapped several times', () => {
  const kindergarten = (name: string | undefined, north: number, east: number, extra: Partial<Poi> = {}): Poi => ({
    ...poi({ amenity: 'kindergarten', ...(name === undefined ? {} : { name }) }, north, east),
    ...extra,
  });
  const grounds = kindergarten('Rebera', 300, 0);
  const pois = [
    kindergarten('Rebera-Süd', 285, 10, { inside: [grounds.id] }),
    grounds,
    kindergarten('Rebera-Nord', 318, -5, { inside: [grounds.id] }),
    kindergarten('Sonnenschein', -400, 0),
  ];
  const index = new CompetitorIndex(pois);

  it('counts one place once, at the distance of its nearest mapping', () => {
    const search = index.search(ORIGIN, 'daycare-childcare');
    expect(search.count).toBe(2);
    expect(search.competitors.map(({ place }) => place.mappings.length)).toEqual([3, 1]);
    expect(Math.round(search.competitors[0]?.distanceMetres ?? 0)).toBe(285);
    expect(index.summary('daycare-childcare')).toMatchObject({ places: 2, mappedObjects: 4, brands: [], chainPlaces: 0, ratedPlaces: 0 });
    // The nearest mapping decides whether a place is within a radius.
    expect(index.search(ORIGIN, 'daycare-childcare', 290).count).toBe(1);
    expect(index.nearest(offset(310, 0), 'daycare-childcare', 1_000)?.place.mappings).toHaveLength(3);
  });

  it('lists every place of the category once, with all its mappings', () => {
    expect(index.places('daycare-childcare').map((place) => place.mappings.length)).toEqual([3, 1]);
    expect(index.places('gym-fitness')).toEqual([]);
  });
});

describe('CompetitorIndex brands, chains and rating prior', () => {
  const cafe = (name: string, north: number, east: number, rating: number | null, extra: Partial<Poi> = {}): Poi => ({
    ...poi({ amenity: 'cafe', name }, north, east, rating),
    ...extra,
  });
  const pois = [
    cafe('Starbucks', 100, 0, 2, { brand: 'Starbucks', brandWikidata: 'Q37158', nsiId: 'starbucks-795f60', ratingCount: 3 }),
    cafe('Starbucks', 2_000, 0, 4.5, { brand: 'Starbucks', brandWikidata: 'Q37158', nsiId: 'starbucks-795f60', ratingCount: 900 }),
    cafe('Uniwash Coffee', 0, 200, 4, { brand: 'Uniwash Coffee' }),
    cafe('Uniwash Coffee', 0, 3_000, 4, { brand: 'Uniwash Coffee' }),
    cafe('Local Roaster', -150, 0, 5, { brand: 'Local Roaster', ratingCount: 40 }),
    cafe('Joe', 0, -250, 4),
  ];
  const index = new CompetitorIndex(pois);

  it('marks chains and counts them, names the brand, and shrinks ratings toward the category mean', () => {
    const search = index.search(ORIGIN, 'coffee');
    expect(search.competitors.map(({ name, brand, chain }) => [name, brand, chain])).toEqual([
      ['Starbucks', 'Starbucks', true],
      ['Local Roaster', 'Local Roaster', false],
      ['Uniwash Coffee', 'Uniwash Coffee', true],
      ['Joe', null, false],
    ]);
    expect(search.chainCount).toBe(2);
    const mean = (2 + 4.5 + 4 + 4 + 5 + 4) / 6;
    expect(search.ratingPrior).toEqual({ mean, weight: RATING_PRIOR_WEIGHT, source: 'category', rated: 6 });
    const [starbucks, roaster, uniwash] = search.competitors;
    expect(starbucks?.shrunkRating).toBeCloseTo((3 * 2 + 10 * mean) / 13, 12);
    expect(roaster?.shrunkRating).toBeCloseTo((40 * 5 + 10 * mean) / 50, 12);
    // No review count: the rating counts as much as the prior.
    expect(uniwash?.shrunkRating).toBeCloseTo((4 + mean) / 2, 12);
    // The contract's average stays the plain mean of known ratings.
    expect(search.averageRating).toBeCloseTo((2 + 5 + 4 + 4) / 4, 12);
  });

  it('summarises the category: places, brands with their counts, chains', () => {
    expect(index.summary('coffee')).toEqual({
      category: 'coffee',
      places: 6,
      mappedObjects: 6,
      brands: [
        { brand: 'Starbucks', wikidata: 'Q37158', places: 2, chain: true },
        { brand: 'Uniwash Coffee', wikidata: null, places: 2, chain: true },
        { brand: 'Local Roaster', wikidata: null, places: 1, chain: false },
      ],
      chainPlaces: 4,
      ratedPlaces: 6,
      ratingPrior: { mean: (2 + 4.5 + 4 + 4 + 5 + 4) / 6, weight: RATING_PRIOR_WEIGHT, source: 'category', rated: 6 },
    });
  });
});

describe('CompetitorIndex competitor score (fast-check)', () => {
  /** The model's competitor sub-score at the origin, before rounding. */
  const scoreAt = (pois: Poi[], point: LatLng = ORIGIN): number => {
    const search = new CompetitorIndex(pois).search(point, 'coffee');
    return competitorScoreFromPressure(competitorPressure(search.competitors, search.radiusMetres, search.ratingPrior));
  };
  // Cafés within 700 m, with names that often agree (so that mappings join), some rated, some inside another's outline.
  const names = ['Kita Café', 'Café', 'Spasso', undefined];
  const cafeArb = fc.record({
    north: fc.integer({ min: -700, max: 700 }),
    east: fc.integer({ min: -700, max: 700 }),
    name: fc.constantFrom(...names),
    rating: fc.option(fc.double({ min: 0, max: 5, noNaN: true }), { nil: null }),
    ratingCount: fc.option(fc.nat(500), { nil: undefined }),
  });
  const build = (specs: Array<{ north: number; east: number; name: string | undefined; rating: number | null; ratingCount: number | undefined }>): Poi[] => {
    const pois = specs.map(({ north, east, name, rating, ratingCount }) => ({
      ...poi({ amenity: 'cafe', ...(name === undefined ? {} : { name }) }, north, east, rating),
      ...(ratingCount === undefined ? {} : { ratingCount }),
    }));
    // Every fourth one lies inside the outline of the one before it.
    pois.forEach((item, at) => {
      const before = pois[at - 1];
      if (at % 4 === 3 && before !== undefined) item.inside = [before.id];
    });
    return pois;
  };

  it('another place (an unrated café that is no other place mapped again) never raises it', () => {
    fc.assert(
      fc.property(fc.array(cafeArb, { maxLength: 25 }), fc.integer({ min: -600, max: 600 }), fc.integer({ min: -600, max: 600 }), (specs, north, east) => {
        const pois = build(specs);
        const another = poi({ amenity: 'cafe', name: 'Another Roastery' }, north, east);
        expect(scoreAt([...pois, another])).toBeLessThanOrEqual(scoreAt(pois) + 1e-12);
      }),
    );
  });

  it('a place moved nearer never raises it', () => {
    fc.assert(
      fc.property(
        fc.array(cafeArb, { maxLength: 25 }),
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 0, max: 700 }),
        fc.option(fc.double({ min: 0, max: 5, noNaN: true }), { nil: null }),
        (specs, a, b, rating) => {
          const pois = build(specs);
          const at = (north: number) => poi({ amenity: 'cafe', name: 'Moving Roastery' }, north, 0, rating);
          expect(scoreAt([...pois, at(Math.min(a, b))])).toBeLessThanOrEqual(scoreAt([...pois, at(Math.max(a, b))]) + 1e-12);
        },
      ),
    );
  });
});
