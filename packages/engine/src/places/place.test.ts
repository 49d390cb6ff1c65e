import { describe, expect, it } from 'vitest';
import { poi } from '../../test/synthetic-region.js';
import type { Poi } from '../region/types.js';
import { CHAIN_MIN_PLACES, countBrands, isChain, placeOf } from './place.js';

const cafe = (tags: Record<string, string>, extra: Partial<Poi> = {}): Poi => ({ ...poi({ amenity: 'cafe', ...tags }, 0, 0), ...extra });

describe('placeOf', () => {
  it('represents a place by its rated mapping with most reviews, else a named one, else the one with most tags', () => {
    const node = cafe({ name: 'Donut Pub' });
    const building = cafe({ name: 'The Donut Pub', building: 'yes' });
    const rated = cafe({ name: 'Donut Pub' }, { rating: 4.5, ratingCount: 12 });
    const moreReviews = cafe({}, { rating: 3.9, ratingCount: 300 });
    expect(placeOf([node, building]).poi).toBe(building);
    expect(placeOf([node, building, rated]).poi).toBe(rated);
    const place = placeOf([node, rated, moreReviews]);
    expect(place.poi).toBe(moreReviews);
    expect(place).toMatchObject({ id: moreReviews.id, rating: 3.9, ratingCount: 300, name: 'Donut Pub' });
    expect(place.mappings).toEqual([moreReviews, node, rated]);
    expect(placeOf([cafe({})]).name).toBeNull();
    expect(() => placeOf([])).toThrow(RangeError);
  });

  it('takes the brand and its Wikidata id from any mapping, OSM tags when the pack gave none', () => {
    const place = placeOf([cafe({ name: 'Starbucks' }), cafe({ brand: 'Starbucks', 'brand:wikidata': 'Q37158' })]);
    expect(place).toMatchObject({ brand: 'Starbucks', brandWikidata: 'Q37158', nsiId: null });
    expect(placeOf([cafe({ name: 'Joe' })]).brand).toBeNull();
    expect(placeOf([cafe({ name: 'Starbucks' }, { brand: 'Starbucks', nsiId: 'starbucks-795f60' })]).nsiId).toBe('starbucks-795f60');
  });

  it('ignores a malformed rating or review count', () => {
    expect(placeOf([cafe({}, { rating: 7, ratingCount: 3 })])).toMatchObject({ rating: null, ratingCount: null });
    expect(placeOf([cafe({}, { rating: 4, ratingCount: -1 })])).toMatchObject({ rating: 4, ratingCount: null });
  });
});

describe('brands and chains', () => {
  it('counts places per brand (Wikidata id, else folded name joined to an id another place of that name has)', () => {
    const places = [
      placeOf([cafe({ brand: 'Starbucks', 'brand:wikidata': 'Q37158' })]),
      placeOf([cafe({ brand: 'starbucks' })]),
      placeOf([cafe({ brand: 'Uniwash' })]),
      placeOf([cafe({ brand: 'uniwash' })]),
      placeOf([cafe({ brand: 'Local Roaster' })]),
      placeOf([cafe({ name: 'No brand' })]),
    ];
    const { brands, keyOf } = countBrands(places);
    expect([...brands.entries()]).toEqual([
      ['Q37158', { brand: 'Starbucks', wikidata: 'Q37158', places: 2, chain: false }],
      ['~uniwash', { brand: 'Uniwash', wikidata: null, places: 2, chain: false }],
      ['~local roaster', { brand: 'Local Roaster', wikidata: null, places: 1, chain: false }],
    ]);
    const chain = places.map((place) => isChain(place, brands.get(keyOf.get(place) ?? '')));
    // Starbucks (Wikidata), Uniwash (2 places), not a one-off brand nor an unbranded place.
    expect(chain).toEqual([true, true, true, true, false, false]);
    expect(CHAIN_MIN_PLACES).toBe(2);
  });

  it('makes a brand the name-suggestion-index lists a chain even with one place', () => {
    const place = placeOf([cafe({ name: 'Think Coffee' }, { brand: 'Think Coffee', nsiId: 'thinkcoffee-1d96ac' })]);
    expect(isChain(place, undefined)).toBe(true);
  });
});
