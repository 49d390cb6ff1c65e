/**
 * What the spatial indexes answer at named real addresses, for the golden
 * test (`spatial-index-golden.test.ts`): per category the POIs within the
 * category radius (ids, nearest first) and the nearest POI within 10 km, the
 * demand points counted within each market catchment, and the nearest
 * rapid-transit station with the stations within 2.4 km.
 */
import { CATEGORIES, type Category } from '@locscore/schema';
import { DemandPoints } from '../src/market/demand-points.js';
import { CATEGORY_DEFINITIONS } from '../src/places/categories.js';
import { PointIndex } from '../src/places/point-index.js';
import type { AddressPoint, Poi, RegionData } from '../src/region/types.js';
import { isRapidTransit } from '../src/transit/modes.js';

/** A named address of a real extract: street and house number as the pack holds them. */
export interface NamedAddress {
  street: string;
  housenumber: string;
  city?: string;
}

/** The indexes' answers at one address. */
export interface SpatialAnswers {
  address: string;
  /** Per category: POI ids within the category radius, nearest first, and the nearest one (metres to 1 cm) within 10 km. */
  pois: Record<Category, { within: string[]; nearest: { id: string; metres: number } | null }>;
  /** Per catchment radius (metres): counted demand points per kind. */
  demand: Record<string, Record<string, number>>;
  /** Nearest rapid-transit station within 5 km (metres to 1 cm) and the station count within 2.4 km. */
  transit: { nearest: { name: string; metres: number } | null; within2400: number };
}

/** The demand kinds the golden file records: address points and the POI kinds it was recorded with. */
export const GOLDEN_DEMAND_KINDS = ['addresses', 'offices', 'schools', 'universities', 'retail', 'dining', 'healthcare', 'parks'] as const;

/** Catchment radii of the market profiles (metres). */
export const CATCHMENTS = [800, 1_000, 1_200, 1_500] as const;

/**
 * The address point of a named address.
 *
 * @throws Error when the pack holds none (the golden list names real ones)
 */
export function findAddress(region: RegionData, wanted: NamedAddress): AddressPoint {
  const found = region.addresses.find(
    (a) => a.street === wanted.street && a.housenumber === wanted.housenumber && (wanted.city === undefined || a.city === wanted.city),
  );
  if (found === undefined) throw new Error(`no address point ${wanted.housenumber} ${wanted.street} in the pack`);
  return found;
}

const centimetres = (metres: number): number => Math.round(metres * 100) / 100;

/**
 * Builds the indexes over a region's layers and asks them about each address.
 *
 * @param region - a loaded pack
 * @param addresses - named addresses of it
 */
export function spatialAnswers(region: RegionData, addresses: readonly NamedAddress[]): SpatialAnswers[] {
  const byCategory = Object.fromEntries(
    CATEGORIES.map((category) => [category, new PointIndex(region.pois.filter((poi) => CATEGORY_DEFINITIONS[category].matches(poi.tags)))]),
  ) as Record<Category, PointIndex<Poi>>;
  const demand = new DemandPoints(region.pois);
  const addressIndex = new PointIndex(region.addresses);
  const stations = new PointIndex(region.stations.filter(isRapidTransit));
  return addresses.map((named) => {
    const point = findAddress(region, named);
    const pois = Object.fromEntries(
      CATEGORIES.map((category) => {
        const index = byCategory[category];
        const nearest = index.nearest(point, 10_000);
        return [
          category,
          {
            within: index.within(point, CATEGORY_DEFINITIONS[category].radiusMetres).map(({ item }) => item.id),
            nearest: nearest === null ? null : { id: nearest.item.id, metres: centimetres(nearest.distanceMetres) },
          },
        ];
      }),
    ) as SpatialAnswers['pois'];
    const station = stations.nearest(point, 5_000);
    return {
      address: `${named.housenumber} ${named.street}${named.city === undefined ? '' : `, ${named.city}`}`,
      pois,
      demand: Object.fromEntries(
        CATCHMENTS.map((radius) => {
          const counts = demand.count(point, radius);
          return [
            String(radius),
            Object.fromEntries(GOLDEN_DEMAND_KINDS.map((kind) => [kind, kind === 'addresses' ? addressIndex.countWithin(point, radius) : counts[kind]])),
          ];
        }),
      ),
      transit: {
        nearest: station === null ? null : { name: station.item.name, metres: centimetres(station.distanceMetres) },
        within2400: stations.within(point, 2_400).length,
      },
    };
  });
}

/** Named addresses of the Liechtenstein extract (Vaduz, Triesen, Balzers, Schaan, Ruggell). */
export const LIECHTENSTEIN_ADDRESSES: readonly NamedAddress[] = [
  { street: 'Städtle', housenumber: '38', city: 'Vaduz' },
  { street: 'Landstrasse', housenumber: '17', city: 'Vaduz' },
  { street: 'Landstrasse', housenumber: '382', city: 'Triesen' },
  { street: 'Rheinstrasse', housenumber: '46', city: 'Balzers' },
  { street: 'Im alten Riet', housenumber: '101', city: 'Schaan' },
  { street: 'Mühlegarten', housenumber: '29', city: 'Ruggell' },
];

/** Named addresses of the West Village extract. */
export const WEST_VILLAGE_ADDRESSES: readonly NamedAddress[] = [
  { street: 'Perry Street', housenumber: '55' },
  { street: 'Bleecker Street', housenumber: '332' },
  { street: 'Greenwich Avenue', housenumber: '122' },
  { street: 'Gansevoort Street', housenumber: '68' },
  { street: 'Washington Street', housenumber: '700' },
  { street: 'West Street', housenumber: '396' },
];
