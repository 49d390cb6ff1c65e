import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { Polygon, Position } from 'geojson';
import type { LatLng, Poi } from './types.js';

/** Fewest points of a closed way with an area: three corners and the first again. */
const MIN_RING_POINTS = 4;

/**
 * The outlines of POIs mapped as closed ways (a kindergarten's building, a
 * post office, a shop's footprint), kept during the OSM read only, to record
 * which POIs lie inside another POI's outline: the node of a shop inside its
 * building, the entrance of a kindergarten inside its grounds. Duplicate
 * detection (`places/same-place.ts`) reads that at load; the outlines
 * themselves are not stored in the pack.
 */
export class PoiOutlines {
  private readonly ids: string[] = [];
  private readonly polygons: Polygon[] = [];

  /** Outlines recorded so far. */
  get size(): number {
    return this.ids.length;
  }

  /**
   * Records a POI way's outline when the way is closed.
   *
   * @param id - the POI's id, e.g. `w480527181`
   * @param points - the way's points in order (a closed way repeats its first point)
   */
  add(id: string, points: readonly LatLng[]): void {
    const first = points[0];
    const last = points[points.length - 1];
    if (points.length < MIN_RING_POINTS || first === undefined || last === undefined || first.lat !== last.lat || first.lng !== last.lng) return;
    const ring: Position[] = points.map(({ lat, lng }) => [lng, lat]);
    this.ids.push(id);
    this.polygons.push({ type: 'Polygon', coordinates: [ring] });
  }

  /**
   * Sets `inside` on every POI whose point lies in the outline of another POI
   * (a point on the outline counts as inside), in the order the outlines were recorded.
   *
   * @param pois - the POIs, changed in place
   * @returns how many POIs lie inside at least one other POI's outline
   */
  assign(pois: readonly Poi[]): number {
    if (this.ids.length === 0) return 0;
    const tree = new Flatbush(this.ids.length);
    for (const polygon of this.polygons) {
      const [minLng, minLat, maxLng, maxLat] = ringBox(polygon.coordinates[0] ?? []);
      tree.add(minLng, minLat, maxLng, maxLat);
    }
    tree.finish();
    let inside = 0;
    for (const poi of pois) {
      const holders = tree
        .search(poi.lng, poi.lat, poi.lng, poi.lat)
        .sort((a, b) => a - b)
        .flatMap((index) => {
          const id = this.ids[index];
          const polygon = this.polygons[index];
          return id !== undefined && id !== poi.id && polygon !== undefined && booleanPointInPolygon([poi.lng, poi.lat], polygon) ? [id] : [];
        });
      if (holders.length === 0) continue;
      poi.inside = holders;
      inside++;
    }
    return inside;
  }
}

/** `[minLng, minLat, maxLng, maxLat]` of a ring. */
function ringBox(ring: readonly Position[]): [number, number, number, number] {
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const [lng = 0, lat = 0] of ring) {
    minLng = Math.min(minLng, lng);
    minLat = Math.min(minLat, lat);
    maxLng = Math.max(maxLng, lng);
    maxLat = Math.max(maxLat, lat);
  }
  return [minLng, minLat, maxLng, maxLat];
}
