/**
 * The name-suggestion-index brand matcher, built from the installed package's
 * real data (13 MB of brands; a few seconds): names under OSM tags, by location.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BrandIndex } from '../src/region/brand-index.js';
import { recognisePoiBrands } from '../src/region/poi-brands.js';
import type { Poi } from '../src/region/types.js';

const VADUZ: [number, number] = [9.5215, 47.1399];
const WEST_VILLAGE: [number, number] = [-74.0033, 40.7359];
const cafe: Array<readonly [string, string]> = [['amenity', 'cafe']];

describe('BrandIndex (name-suggestion-index)', () => {
  let index: BrandIndex;
  beforeAll(async () => {
    index = await BrandIndex.shared();
  });

  it('reads the installed release and gives the same index to later imports', async () => {
    expect(index.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await BrandIndex.shared()).toBe(index);
  });

  it('recognises brands by name and alternate name, only where they trade', () => {
    const fastFood: Array<readonly [string, string]> = [['amenity', 'fast_food']];
    index.locate([
      ...index.candidates(cafe, ['Starbucks']),
      ...index.candidates([['amenity', 'pharmacy']], ['Duane Reade']),
      ...index.candidates(cafe, ['Think Coffee']),
      ...index.candidates(fastFood, ["Domino's Pizza"]),
    ]);
    // An alternate name of the brand, under the brand's own name.
    expect(index.match(fastFood, ["Domino's Pizza"], WEST_VILLAGE)).toMatchObject({ brand: "Domino's", wikidata: 'Q839466' });
    expect(index.match(cafe, ['Starbucks'], VADUZ)).toMatchObject({ brand: 'Starbucks', wikidata: 'Q37158', nsiId: expect.stringMatching(/^starbucks-/) });
    expect(index.match(cafe, ['Starbucks'], WEST_VILLAGE)?.brand).toBe('Starbucks');
    // A New York City chain (its location set is a custom NYC area), a US pharmacy chain.
    expect(index.match(cafe, ['Think Coffee'], WEST_VILLAGE)?.brand).toBe('Think Coffee');
    expect(index.match(cafe, ['Think Coffee'], VADUZ)).toBeNull();
    expect(index.match([['amenity', 'pharmacy']], ['Duane Reade'], WEST_VILLAGE)?.wikidata).toBe('Q5310380');
    expect(index.match([['amenity', 'pharmacy']], ['Duane Reade'], VADUZ)).toBeNull();
  });

  it('matches no generic or local name', () => {
    expect(index.candidates(cafe, ['Café'])).toEqual([]);
    expect(index.candidates([['shop', 'hairdresser']], ['Coiffeur'])).toEqual([]);
    expect(index.candidates(cafe, ['Café Amann'])).toEqual([]);
    expect(index.candidates([['amenity', 'kindergarten']], ['Kita'])).toEqual([]);
  });
});

describe('recognisePoiBrands', () => {
  const at = (id: string, [lng, lat]: [number, number], tags: Record<string, string>): Poi => ({ id, name: tags.name ?? null, lat, lng, tags, rating: null });

  it('keeps the OSM brand, adds the recognised one with its Wikidata id, and leaves local places alone', async () => {
    const pois = [
      at('n1', WEST_VILLAGE, { amenity: 'cafe', name: 'Starbucks' }),
      at('n2', WEST_VILLAGE, { amenity: 'cafe', name: 'Joe' }),
      at('n3', VADUZ, { amenity: 'car_wash', name: 'uniwash Schaan-Nord', brand: 'uniwash' }),
      at('n4', VADUZ, { amenity: 'fast_food', name: "McDonald's", 'brand:wikidata': 'Q38076' }),
      at('n5', VADUZ, { amenity: 'pharmacy', name: 'Duane Reade' }),
      at('n6', VADUZ, { amenity: 'bench' }),
    ];
    const result = await recognisePoiBrands(pois);
    expect(result).toMatchObject({ named: 5, osmTagged: 1, recognised: 2, branded: 3 });
    expect(result.durationMs).toBeGreaterThan(0);
    expect(pois[0]).toMatchObject({ brand: 'Starbucks', brandWikidata: 'Q37158', nsiId: expect.stringMatching(/^starbucks-/) });
    expect(pois[1]?.brand).toBeUndefined();
    expect(pois[2]).toMatchObject({ brand: 'uniwash' });
    expect(pois[2]?.nsiId).toBeUndefined();
    expect(pois[3]).toMatchObject({ brand: "McDonald's", brandWikidata: 'Q38076' });
    // A US chain's name in Liechtenstein is no brand there.
    expect(pois[4]?.brand).toBeUndefined();
    expect(pois[5]?.brand).toBeUndefined();
  });
});
