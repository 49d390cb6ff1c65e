/**
 * Competitors on the real packs: places mapped several times count once
 * (the duplicates found by hand in the extracts), brands come from OSM and
 * the name-suggestion-index, chains are marked in results and insights.
 */
import { ScoreResult } from '@locscore/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { CompetitorIndex } from '../src/places/competitor-index.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import type { ScoringEngine } from '../src/scoring-engine.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const liechtenstein = sharedFile('liechtenstein/liechtenstein.osm.pbf');
const westVillage = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');

/** The ids of the mappings of every place of a category that has more than one. */
function joined(index: CompetitorIndex, category: Parameters<CompetitorIndex['summary']>[0], region: RegionData): string[][] {
  const everything = index.search(region.addresses[0] ?? { lat: 0, lng: 0 }, category, 50_000_000);
  return everything.competitors
    .filter(({ place }) => place.mappings.length > 1)
    .map(({ place }) => place.mappings.map(({ id }) => id).sort())
    .sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

describe.skipIf(liechtenstein === null)('competitors on the real Liechtenstein pack', () => {
  let region: RegionData;
  let index: CompetitorIndex;
  let engine: ScoringEngine;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: liechtenstein ?? '', name: 'Liechtenstein', boundary: 'Liechtenstein' }));
    index = new CompetitorIndex(region.pois);
    engine = createEngine({ regions: [region] });
  });

  it('counts once the kindergartens and the post office mapped several times', () => {
    expect(joined(index, 'daycare-childcare', region)).toEqual([
      // Kita, Vaduz: a named node inside an unnamed kindergarten outline.
      ['n2121293470', 'w399316446'],
      // Rebera, Schaan: the grounds (way) and the two group entrances inside them (Rebera-Süd, Rebera-Nord).
      ['n4735185131', 'n597898803', 'w480527181'],
      // Kindergarten "Schule", Triesen: two ways 2 m apart, one name misspelt (Kindergaten).
      ['w44963532', 'w491382992'],
    ]);
    expect(index.summary('daycare-childcare')).toMatchObject({ mappedObjects: 20, places: 16 });
    // Post Vaduz (node) inside its building, mapped as `Post` (way).
    expect(joined(index, 'printing-shipping', region)).toEqual([['n326058701', 'w243055645']]);
    expect(index.summary('printing-shipping')).toMatchObject({ mappedObjects: 13, places: 12 });
    // Cafés sharing a first word (Café Amann, Café Etagere) stay apart.
    expect(joined(index, 'coffee', region)).toEqual([]);
  });

  it('stores brands from OSM and from the name-suggestion-index, with their Wikidata ids', () => {
    const byId = new Map(region.pois.map((poi) => [poi.id, poi]));
    expect(byId.get('n287236463')).toMatchObject({
      name: "McDonald's",
      brand: "McDonald's",
      brandWikidata: 'Q38076',
      nsiId: expect.stringMatching(/^mcdonalds-/),
    });
    // No brand tag in OSM: recognised from the name.
    expect(byId.get('n4231615559')?.tags.brand).toBeUndefined();
    expect(byId.get('n4231615559')).toMatchObject({ name: 'adidas', brand: 'Adidas', brandWikidata: 'Q3895' });
    // A local restaurant gets no brand.
    expect(byId.get('n280014962')).toMatchObject({ name: 'Gasthof Adler' });
    expect(byId.get('n280014962')?.brand).toBeUndefined();
    expect(region.manifest.sources.find((source) => source.kind === 'brands')?.matched).toBe(region.pois.filter((poi) => poi.nsiId !== undefined).length);
  });

  it('marks a brand with two car washes in the pack as a chain', () => {
    expect(index.summary('automotive-services').brands).toContainEqual({ brand: 'uniwash', wikidata: null, places: 2, chain: true });
  });

  it('scores a daycare next to Rebera with the kindergarten counted once', async () => {
    const result = await engine.score({ address: 'Fürst-Johannes-Strasse 29, Schaan', category: 'daycare-childcare' });
    expect(ScoreResult.parse(result)).toEqual(result);
    const rebera = result.competitors.filter((competitor) => competitor.name.startsWith('Rebera'));
    expect(rebera).toHaveLength(1);
    expect(rebera[0]).toMatchObject({ brand: null, chain: false });
    expect(result.competitors[0]?.distanceMetres).toBeLessThan(30);
    const raw = region.pois.filter((poi) => poi.tags.amenity === 'kindergarten').length;
    expect(result.competitorCount).toBeLessThan(raw);
  });
});

describe.skipIf(westVillage === null)('competitors on the real West Village pack', () => {
  let region: RegionData;
  let index: CompetitorIndex;
  let engine: ScoringEngine;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: westVillage ?? '', name: 'West Village' }));
    index = new CompetitorIndex(region.pois);
    engine = createEngine({ regions: [region] });
  });

  it('recognises the Starbucks cafés (no brand tag in this extract) as one chain, and joins The Donut Pub node and building', () => {
    const starbucks = index.summary('coffee').brands.find((brand) => brand.brand === 'Starbucks');
    expect(starbucks).toEqual({ brand: 'Starbucks', wikidata: 'Q37158', places: 4, chain: true });
    // A toilet named Starbucks is no café.
    expect(region.pois.find((poi) => poi.id === 'n1868984359')?.brand).toBeUndefined();
    expect(joined(index, 'bubble-tea-dessert', region)).toEqual([['n2384821772', 'w264630999']]);
  });

  it('lists competitors with brand and chain, and the insight counts the chain locations', async () => {
    const result = await engine.score({ address: '55 Perry Street, New York, NY 10014', category: 'coffee' });
    expect(ScoreResult.parse(result)).toEqual(result);
    const chains = result.competitors.filter((competitor) => competitor.chain === true);
    expect(chains.length).toBeGreaterThan(0);
    for (const competitor of result.competitors) expect(competitor.chain === true).toBe(competitor.brand !== null && competitor.brand !== undefined);
    const search = index.search(result.coordinates, 'coffee');
    expect(result.competitorCount).toBe(search.count);
    const insight = result.insights.find((item) => item.headline.includes('coffee competitor'));
    expect(insight?.detail).toContain(`${search.chainCount} of them are chain locations: Starbucks`);
  });
});
