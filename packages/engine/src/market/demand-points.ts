import type { Category } from '@locscore/schema';
import { CATEGORIES } from '@locscore/schema';
import { categoriesOf } from '../places/categories.js';
import { assertFinitePoints, PointIndex } from '../places/point-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng, Poi } from '../region/types.js';
import { demandKindsOf, POI_DEMAND_KINDS, type PoiDemandKind } from './demand-kinds.js';

/**
 * Counts of mapped places around a site: each POI demand kind within the
 * catchment, and every mapped place within {@link NEAR_PLACES_METRES}
 * (`places`) and {@link FRONTAGE_METRES} (`frontage`); with the distances to
 * the nearest, the {@link CLUSTER_RANK}rd and the {@link DISTRICT_RANK}th nearest business.
 */
export type PlaceCounts = Record<PoiDemandKind | 'places' | 'frontage', number> & {
  /** Great-circle distance to the nearest mapped business ({@link isBusiness}; the scored category's own left out), metres; null when none is within {@link NEAR_PLACES_METRES}. */
  nearestPlaceMetres: number | null;
  /** Great-circle distance to the {@link CLUSTER_RANK}rd nearest mapped business (as `nearestPlaceMetres`), metres; null when fewer are within {@link NEAR_PLACES_METRES}. */
  clusterMetres: number | null;
  /** Great-circle distance to the {@link DISTRICT_RANK}th nearest mapped business (as `nearestPlaceMetres`), metres; null when fewer are within {@link NEAR_PLACES_METRES}. */
  districtMetres: number | null;
};

/**
 * Rank of the nearest business whose distance tells a row of shops (three
 * other businesses within a few doors) from a lone shop on a quiet street.
 */
export const CLUSTER_RANK = 3;
/**
 * Rank of the nearest business whose distance tells a commercial street or
 * centre (ten other businesses within a block or two) from a small parade.
 */
export const DISTRICT_RANK = 10;

/**
 * Radius of the foot-traffic proxy, metres: every mapped place (of any kind)
 * within a 4-minute walk of the door (300 m at 80 m/min), the distance a
 * storefront draws passers-by from.
 */
export const NEAR_PLACES_METRES = 300;
/**
 * Radius of the street-front count, metres: mapped places within 100 m,
 * about a block's frontage on both sides, which tells a shopping street from
 * the quiet street behind it where 300 m cannot.
 */
export const FRONTAGE_METRES = 100;

const KIND_COUNT = POI_DEMAND_KINDS.length;
/** Demand kinds that are storefront businesses: a shop, a place to eat or drink, a practice. */
const BUSINESS_KINDS = (['retail', 'dining', 'healthcare'] as const).reduce((mask, kind) => mask | (1 << POI_DEMAND_KINDS.indexOf(kind)), 0);

/**
 * Whether a POI is a business whose neighbours are businesses too (the
 * adjacency feature): a shop, a place to eat or drink, a practice
 * (`BUSINESS_KINDS`), a place of any franchise category, or a craft
 * (`craft=*`). A bench, a car park, a playground or a school is mapped but
 * is no shopfront.
 *
 * @param poi - the POI
 * @param kinds - its demand-kind mask
 * @param categories - its category mask
 */
function isBusiness(poi: Poi, kinds: number, categories: number): boolean {
  return (kinds & BUSINESS_KINDS) !== 0 || categories !== 0 || (poi.tags.craft !== undefined && poi.tags.craft !== 'no');
}

/**
 * One spatial index over every mapped POI, each carrying a bit mask of its
 * demand kinds and one of the franchise categories it belongs to, so that a
 * catchment costs one range query and the places of the category being
 * scored (its own competitors) are left out of its demand.
 *
 * Membership is `haversineMetres ≤ radius` ({@link PointIndex.forEachWithin}); the
 * catchment's places are met a kd-tree subtree at a time where the subtree
 * lies wholly inside (`PointIndex.forEachRunWithin`), with no distance to test.
 */
export class DemandPoints {
  private readonly index: PointIndex<LatLng>;
  /** Demand-kind mask of each POI, bit `i` = `POI_DEMAND_KINDS[i]`. */
  private readonly kinds: Uint16Array;
  /** Category mask of each POI, bit `i` = `CATEGORIES[i]`. */
  private readonly categories: Uint16Array;
  /** 1 for a POI that is a business ({@link isBusiness}), else 0. */
  private readonly businesses: Uint8Array;

  /**
   * @param pois - the region's POIs
   * @throws TypeError when a POI has a non-finite `lat` or `lng` (`items[<index>]`)
   */
  constructor(pois: readonly Poi[]) {
    assertFinitePoints(pois);
    this.index = new PointIndex(pois);
    this.kinds = Uint16Array.from(pois, (poi) => demandKindsOf(poi.tags).reduce((mask, kind) => mask | (1 << POI_DEMAND_KINDS.indexOf(kind)), 0));
    this.categories = Uint16Array.from(pois, (poi) => categoriesOf(poi.tags).reduce((mask, category) => mask | (1 << CATEGORIES.indexOf(category)), 0));
    this.businesses = Uint8Array.from(pois, (poi, index) => (isBusiness(poi, this.kinds[index] ?? 0, this.categories[index] ?? 0) ? 1 : 0));
  }

  /**
   * Mapped places around `point`, the places of `exclude` left out: each
   * demand kind within `radiusMetres`, and every mapped place within
   * {@link NEAR_PLACES_METRES} (`places`) and within {@link FRONTAGE_METRES}
   * (`frontage`), and the distances to the nearest, the {@link CLUSTER_RANK}rd and
   * the {@link DISTRICT_RANK}th nearest business.
   *
   * @param point - decimal degrees
   * @param radiusMetres - the catchment radius, metres
   * @param exclude - the category scored (its own competitors are supply, not demand)
   * @returns a count per kind (all 0 for a negative or NaN radius)
   */
  count(point: LatLng, radiusMetres: number, exclude?: Category): PlaceCounts {
    const skip = exclude === undefined ? 0 : 1 << CATEGORIES.indexOf(exclude);
    const byKind = new Array<number>(KIND_COUNT).fill(0);
    const { kinds, categories, businesses } = this;
    const add = (index: number): void => {
      if (((categories[index] ?? 0) & skip) !== 0) return;
      const mask = kinds[index] ?? 0;
      if (mask === 0) return;
      for (let kind = 0; kind < KIND_COUNT; kind++) if ((mask & (1 << kind)) !== 0) byKind[kind] = (byKind[kind] ?? 0) + 1;
    };
    const { order } = this.index;
    this.index.forEachRunWithin(point, radiusMetres, {
      run: (from, to) => {
        for (let position = from; position <= to; position++) add(order[position] ?? 0);
      },
      item: add,
    });
    const near = { places: 0, frontage: 0 };
    const nearest = new Float64Array(DISTRICT_RANK).fill(Number.POSITIVE_INFINITY);
    this.index.forEachWithin(point, NEAR_PLACES_METRES, (item, index) => {
      if (((categories[index] ?? 0) & skip) !== 0) return;
      const metres = haversineMetres(point, item);
      near.places++;
      if (metres <= FRONTAGE_METRES) near.frontage++;
      if (businesses[index] === 1) keepNearest(nearest, metres);
    });
    const at = (kind: PoiDemandKind): number => byKind[POI_DEMAND_KINDS.indexOf(kind)] ?? 0;
    return {
      offices: at('offices'),
      schools: at('schools'),
      universities: at('universities'),
      retail: at('retail'),
      dining: at('dining'),
      healthcare: at('healthcare'),
      parks: at('parks'),
      attractors: at('attractors'),
      motoring: at('motoring'),
      places: near.places,
      frontage: near.frontage,
      nearestPlaceMetres: finiteOrNull(nearest[0]),
      clusterMetres: finiteOrNull(nearest[CLUSTER_RANK - 1]),
      districtMetres: finiteOrNull(nearest[DISTRICT_RANK - 1]),
    };
  }
}

/** Inserts `metres` into `nearest` (ascending, fixed length) when it is among the smallest, dropping the largest. */
function keepNearest(nearest: Float64Array, metres: number): void {
  let at = nearest.length - 1;
  if (!(metres < (nearest[at] ?? 0))) return;
  while (at > 0 && (nearest[at - 1] ?? 0) > metres) {
    nearest[at] = nearest[at - 1] ?? 0;
    at--;
  }
  nearest[at] = metres;
}

const finiteOrNull = (value: number | undefined): number | null => (value !== undefined && Number.isFinite(value) ? value : null);
