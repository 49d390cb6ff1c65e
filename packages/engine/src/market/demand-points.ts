import KDBush from 'kdbush';
import { forEachInBox, type WholeNodes } from '../places/kd-range.js';
import { assertFinitePoints } from '../places/point-index.js';
import { cosineOfLatitude, countingBox, type RangeBox, SearchCircle } from '../places/search-circle.js';
import type { AddressPoint, LatLng, Poi } from '../region/types.js';
import { demandKindsOf, POI_DEMAND_KINDS, type PoiDemandKind } from './demand-kinds.js';

/** The demand kinds counted as points within a catchment: address points (`addresses`) and the POI kinds. */
export type CountedDemandKind = 'addresses' | PoiDemandKind;

/** {@link CountedDemandKind}s in `DEMAND_KINDS` order; bit `i` of a point's mask is kind `i`. */
export const COUNTED_DEMAND_KINDS: readonly CountedDemandKind[] = ['addresses', ...POI_DEMAND_KINDS];

/** Mask of an address point: `addresses` only. */
const RESIDENT_MASK = 1;

/** Points per kd-tree leaf: small, so that more of a catchment is taken in whole subtrees. */
const NODE_SIZE = 16;

const KIND_COUNT = COUNTED_DEMAND_KINDS.length;

/**
 * One spatial index over every demand generator that is counted (address
 * points, and POIs with at least one demand kind), each point carrying a
 * bit mask of its kinds, so that a catchment costs one range query and one
 * membership test per point, whatever the number of kinds.
 *
 * Counts equal those of one `PointIndex.countWithin` per kind: the same
 * {@link countingBox}, the same haversine membership ({@link SearchCircle.contains}).
 */
export class DemandPoints {
  private readonly tree: KDBush | null;
  /** Per tree position (see {@link forEachInBox}): `cos(lat)` and the kind mask. */
  private readonly cosLats: Float64Array;
  private readonly masks: Uint8Array;
  /** `prefix[p × kinds + k]`: points of kind `k` at tree positions before `p`, to count whole subtrees. */
  private readonly prefix: Uint32Array;
  /** Bounding box of all the points. */
  private readonly extent: RangeBox;

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

    this.cosLats = new Float64Array(points.length);
    this.masks = new Uint8Array(points.length);
    this.prefix = new Uint32Array((points.length + 1) * KIND_COUNT);
    this.extent = boundsOf(points);
    if (points.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new KDBush(points.length, NODE_SIZE);
    for (const point of points) tree.add(point.lng, point.lat);
    this.tree = tree.finish();
    tree.ids.forEach((id, position) => {
      const mask = masks[id] ?? 0;
      this.cosLats[position] = cosineOfLatitude(points[id]?.lat ?? 0);
      this.masks[position] = mask;
      for (let kind = 0; kind < KIND_COUNT; kind++) {
        const before = this.prefix[position * KIND_COUNT + kind] ?? 0;
        this.prefix[(position + 1) * KIND_COUNT + kind] = before + ((mask >> kind) & 1);
      }
    });
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
    const tree = this.tree;
    if (tree !== null && radiusMetres >= 0) {
      const circle = new SearchCircle(point, radiusMetres);
      const { coords } = tree;
      const { cosLats, masks } = this;
      const { prefix } = this;
      let addresses = 0;
      const whole: WholeNodes = {
        covers: (minLng, minLat, maxLng, maxLat) => circle.holdsBox(minLng, minLat, maxLng, maxLat),
        take: (first, last) => {
          for (let kind = 0; kind < KIND_COUNT; kind++) {
            byKind[kind] = (byKind[kind] ?? 0) + (prefix[(last + 1) * KIND_COUNT + kind] ?? 0) - (prefix[first * KIND_COUNT + kind] ?? 0);
          }
        },
      };
      const visit = (position: number): void => {
        if (!circle.contains(coords[2 * position + 1] ?? 0, coords[2 * position] ?? 0, cosLats[position] ?? 0)) return;
        const mask = masks[position] ?? 0;
        if (mask === RESIDENT_MASK) {
          addresses++;
          return;
        }
        for (let kind = 0; kind < KIND_COUNT; kind++) if ((mask & (1 << kind)) !== 0) byKind[kind] = (byKind[kind] ?? 0) + 1;
      };
      forEachInBox(tree, countingBox(point, radiusMetres), visit, whole, this.extent);
      byKind[0] = (byKind[0] ?? 0) + addresses;
    }
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

/** The smallest box `[minLng, minLat, maxLng, maxLat]` holding every point (all zeros for none). */
function boundsOf(points: readonly LatLng[]): RangeBox {
  if (points.length === 0) return [0, 0, 0, 0];
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const { lat, lng } of points) {
    if (lng < minLng) minLng = lng;
    if (lat < minLat) minLat = lat;
    if (lng > maxLng) maxLng = lng;
    if (lat > maxLat) maxLat = lat;
  }
  return [minLng, minLat, maxLng, maxLat];
}
