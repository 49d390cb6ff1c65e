import { describe, expect, it } from 'vitest';
import { brandUnits, isOfBrand, type PackPlace } from './brand-places.js';

const place = (id: string, name: string | null, brand: string | null, brandWikidata: string | null = null): PackPlace => ({
  id,
  lat: 40.73,
  lng: -74.0,
  name,
  brand,
  brandWikidata,
});

describe('isOfBrand', () => {
  it('compares brands without case, accents or punctuation, and Wikidata ids exactly', () => {
    expect(isOfBrand(place('n1', 'Joe', 'Joe Coffee'), 'joe-coffee')).toBe(true);
    expect(isOfBrand(place('n1', 'Café', 'Café Nero'), 'cafe nero')).toBe(true);
    expect(isOfBrand(place('n1', 'Joe', null), 'Joe')).toBe(false);
    expect(isOfBrand(place('n1', 'Starbucks', 'Starbucks', 'Q37158'), 'q37158')).toBe(true);
    expect(isOfBrand(place('n1', 'Starbucks', 'Starbucks', 'Q37158'), 'Q1')).toBe(false);
  });
});

describe('brandUnits', () => {
  it('makes a unit per place of the brand at its coordinates, same names told apart by OSM id', () => {
    const places = [place('n1', 'Starbucks', 'Starbucks'), place('n2', 'Starbucks', 'Starbucks'), place('n3', 'Joe', null), place('w4', null, 'Starbucks')];
    const { rows } = brandUnits(places, { brand: 'Starbucks', category: 'coffee', status: 'planned' });
    expect(rows.map((row) => row.body?.name)).toEqual(['Starbucks (n1)', 'Starbucks (n2)', 'Starbucks (w4)']);
    expect(rows[0]).toEqual({
      source: 'place n1 (Starbucks (n1))',
      body: { name: 'Starbucks (n1)', coordinates: { lat: 40.73, lng: -74 }, category: 'coffee', status: 'planned', brand: 'Starbucks' },
    });
    expect(brandUnits([place('n5', 'Joe', 'Joe Coffee')], { brand: 'joe coffee', category: 'coffee' }).rows[0]?.body?.name).toBe('Joe');
  });
});
