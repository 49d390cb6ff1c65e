import { assertFinitePoints, PointIndex } from '../places/point-index.js';
import type { AddressPoint, LatLng, Poi } from '../region/types.js';
import { demandKindsOf, POI_DEMAND_KINDS, type PoiDemandKind } from './demand-kinds.js';

/** The demand kinds counted as points within a catchment: address points (`addresses`) and the POI kinds. */
export type CountedDemandKind = 'addresses' | PoiDemandKind;

/** {@link CountedDemandKind}s in `DEMAND_KINDS` order; bit `i` of a point's mask is kind `i`. */
export const COUNTED_DEMAND_KINDS: readonly CountedDemandKind[] = ['addresses', ...POI_DEMAND_KINDS];

/** Mask of an address point: `addresses` only. */
const RESIDENT_MASK = 1;

const KIND_COUNT = COUNTED_DEMAND_KINDS.length;

/**
 * One spatial index over every demand generator that is counted (address
 * points, and POIs with at least one demand kind), each point carrying a
 * bit mask of its kinds, so that a catchment costs one range query and one
 * membership test per point, whatever the number of kinds.
 *
 * Counts equal those of one `PointIndex.countWithin` per kind: membership is
 * `haversineMetres ≤ radius` ({@link PointIndex.forEachWithin}).
 */
export class DemandPoints {
  private readonly index: PointIndex<LatLng>;
  /** Kind mask of each point, by its index in the {@link PointIndex}. */
  private readonly masks: Uint8Array;

  /**
   * @param addresses - the region's address points (each counts for `addresses`)
   * @param pois - the region's POIs (each counts for its `demandKindsOf`; others are left out)
   * @throws TypeError when a counted point has a non-finite `lat` or `lng`: `items[<index>]`,
   *   the index among the addresses, else among the POIs of the first demand kind (in
   *   `POI_DEMAND_KINDS` order) that holds such a POI
   */
  constructor(addresses: readonly AddressPoint[], pois: readonly Poi[]) {
    assertFinitePoints(addresses);
    const points: LatLng[] = [...addresses];
    const masks: number[] = addresses.map(() => RESIDENT_MASK);
    const buckets = new Map<PoiDemandKind, Poi[]>(POI_DEMAND_KINDS.map((kind) => [kind, []]));
    for (const poi of pois) {
      let mask = 0;
      for (const kind of demandKindsOf(poi.tags)) {
        buckets.get(kind)?.push(poi);
        mask |= 1 << COUNTED_DEMAND_KINDS.indexOf(kind);
      }
      if (mask === 0) continue;
      points.push(poi);
      masks.push(mask);
    }
    for (const bucket of buckets.values()) assertFinitePoints(bucket);
    this.index = new PointIndex(points);
    this.masks = Uint8Array.from(masks);
  }

  /**
   * How many points of each kind lie within `radiusMetres` of `point`
   * (haversine, inclusive).
   *
   * @param point - decimal degrees
   * @param radiusMetres - the catchment radius, metres
   * @returns a count per kind (all 0 for a negative or NaN radius)
   */
  count(point: LatLng, radiusMetres: number): Record<CountedDemandKind, number> {
    const byKind = new Array<number>(KIND_COUNT).fill(0);
    const { masks } = this;
    let addresses = 0;
    this.index.forEachWithin(point, radiusMetres, (_item, index) => {
      const mask = masks[index] ?? 0;
      // Most points are address points: count them without the loop over kinds.
      if (mask === RESIDENT_MASK) addresses++;
      else for (let kind = 0; kind < KIND_COUNT; kind++) if ((mask & (1 << kind)) !== 0) byKind[kind] = (byKind[kind] ?? 0) + 1;
    });
    byKind[0] = (byKind[0] ?? 0) + addresses;
    // A literal (not Object.fromEntries) keeps the object's properties fast for the market-fit lookups.
    const at = (kind: CountedDemandKind): number => byKind[COUNTED_DEMAND_KINDS.indexOf(kind)] ?? 0;
    return {
      addresses: at('addresses'),
      offices: at('offices'),
      schools: at('schools'),
      universities: at('universities'),
      retail: at('retail'),
      dining: at('dining'),
      healthcare: at('healthcare'),
      parks: at('parks'),
    };
  }
}
