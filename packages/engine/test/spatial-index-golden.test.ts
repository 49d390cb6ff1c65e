/**
 * Golden test of the spatial indexes on the real packs: at named addresses of
 * the Liechtenstein and West Village extracts, the POIs of each category
 * within its radius (ids, nearest first), the nearest one, the demand points
 * within each market catchment and the nearest rapid-transit station are
 * those recorded in `fixtures/spatial-golden.json` (recorded with the earlier
 * index, before its compatibility paths were removed), and every one of them
 * is also what a brute-force haversine scan of the pack's layers says.
 */
import { readFile } from 'node:fs/promises';
import { CATEGORIES } from '@locscore/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { demandKindsOf } from '../src/market/demand-kinds.js';
import { CATEGORY_DEFINITIONS } from '../src/places/categories.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { LatLng, RegionData } from '../src/region/types.js';
import { isRapidTransit } from '../src/transit/modes.js';
import { sharedFile, sharedPack } from './region-fixtures.js';
import {
  CATCHMENTS,
  findAddress,
  GOLDEN_DEMAND_KINDS,
  LIECHTENSTEIN_ADDRESSES,
  type NamedAddress,
  type SpatialAnswers,
  spatialAnswers,
  WEST_VILLAGE_ADDRESSES,
} from './spatial-golden.js';

const liechtenstein = sharedFile('liechtenstein/liechtenstein.osm.pbf');
const westVillage = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');

const golden = JSON.parse(await readFile(new URL('./fixtures/spatial-golden.json', import.meta.url), 'utf8')) as Record<
  'liechtenstein' | 'westVillage',
  SpatialAnswers[]
>;

/** Items within `radius` of `from` by a scan of the whole list, nearest first (ties in list order). */
function scan<T extends LatLng>(items: readonly T[], from: LatLng, radius: number): Array<{ item: T; metres: number }> {
  return items
    .map((item, order) => ({ item, order, metres: haversineMetres(from, item) }))
    .filter(({ metres }) => metres <= radius)
    .sort((a, b) => a.metres - b.metres || a.order - b.order);
}

/** The answers a brute-force scan gives, in the shape of {@link SpatialAnswers}. */
function bruteForce(region: RegionData, named: NamedAddress, answer: SpatialAnswers): void {
  const point = findAddress(region, named);
  for (const category of CATEGORIES) {
    const places = region.pois.filter((poi) => CATEGORY_DEFINITIONS[category].matches(poi.tags));
    const within = scan(places, point, CATEGORY_DEFINITIONS[category].radiusMetres);
    expect(answer.pois[category].within, `${answer.address} ${category}`).toEqual(within.map(({ item }) => item.id));
    const nearest = scan(places, point, 10_000)[0];
    expect(answer.pois[category].nearest?.metres ?? null, `${answer.address} ${category} nearest`).toBe(
      nearest === undefined ? null : Math.round(nearest.metres * 100) / 100,
    );
  }
  for (const radius of CATCHMENTS) {
    const counts: Record<string, number> = Object.fromEntries(GOLDEN_DEMAND_KINDS.map((kind) => [kind, 0]));
    counts.addresses = scan(region.addresses, point, radius).length;
    for (const { item } of scan(region.pois, point, radius))
      for (const kind of demandKindsOf(item.tags)) if (kind in counts) counts[kind] = (counts[kind] ?? 0) + 1;
    expect(answer.demand[String(radius)], `${answer.address} demand ${radius} m`).toEqual(counts);
  }
  const stations = region.stations.filter(isRapidTransit);
  const station = scan(stations, point, 5_000)[0];
  expect(answer.transit.nearest?.metres ?? null).toBe(station === undefined ? null : Math.round(station.metres * 100) / 100);
  expect(answer.transit.within2400).toBe(scan(stations, point, 2_400).length);
}

describe.each([
  { name: 'Liechtenstein', pbf: liechtenstein, boundary: 'Liechtenstein', addresses: LIECHTENSTEIN_ADDRESSES, key: 'liechtenstein' as const },
  { name: 'West Village', pbf: westVillage, boundary: undefined, addresses: WEST_VILLAGE_ADDRESSES, key: 'westVillage' as const },
])('spatial indexes on the real $name pack', ({ name, pbf, boundary, addresses, key }) => {
  let region: RegionData;

  beforeAll(async () => {
    if (pbf === null) return;
    region = await loadRegion(await sharedPack({ osm: pbf, name, ...(boundary === undefined ? {} : { boundary }) }));
  });

  it.skipIf(pbf === null)('answer as recorded: places within each category radius, demand counts, nearest station', () => {
    expect(spatialAnswers(region, addresses)).toEqual(golden[key]);
  });

  it.skipIf(pbf === null)('answer what a brute-force haversine scan of the layers says', () => {
    const answers = spatialAnswers(region, addresses);
    addresses.forEach((named, index) => {
      const answer = answers[index];
      expect(answer).toBeDefined();
      if (answer !== undefined) bruteForce(region, named, answer);
    });
  });
});
