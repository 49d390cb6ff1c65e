import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { Polygon } from 'geojson';
import type { OsmTags } from '../region/osm-elements.js';
import type { LatLng } from '../region/types.js';
import { isClosedRing, levelsOf, MIN_FOOTPRINT_M2, type ResidentialBuilding, residentialKindOf, ringAreaM2 } from './residential-buildings.js';

/**
 * `landuse=*` values where a `building=yes` is taken for a workplace, not a
 * home: industrial estates, commercial and retail zones, rail yards, military
 * land, garages, ports, cemeteries and religious grounds.
 */
export const NON_RESIDENTIAL_LANDUSE: ReadonlySet<string> = new Set([
  'industrial',
  'commercial',
  'retail',
  'railway',
  'military',
  'garages',
  'port',
  'cemetery',
  'religious',
]);

/**
 * Collects the dwellings of an OSM extract while it is read: closed
 * `building=*` ways that {@link residentialKindOf} accepts with a footprint
 * of at least {@link MIN_FOOTPRINT_M2}, and the closed ways of
 * {@link NON_RESIDENTIAL_LANDUSE}. At the end, a `building=yes` inside such
 * land use is left out. Buildings mapped as multipolygon relations and land
 * use mapped as relations are not read.
 */
export class ResidentialBuildingCollector {
  private readonly buildings: ResidentialBuilding[] = [];
  private readonly landuse: Polygon[] = [];

  /**
   * Reads one way.
   *
   * @param tags - its tags
   * @param points - its resolved points in order
   * @param centre - its centroid
   */
  offerWay(tags: OsmTags, points: readonly LatLng[], centre: LatLng): void {
    if (!isClosedRing(points)) return;
    const landuse = tags.landuse;
    if (landuse !== undefined && NON_RESIDENTIAL_LANDUSE.has(landuse)) {
      this.landuse.push({ type: 'Polygon', coordinates: [points.map(({ lat, lng }) => [lng, lat])] });
    }
    const kind = residentialKindOf(tags);
    if (kind === null) return;
    const footprintM2 = ringAreaM2(points);
    if (footprintM2 < MIN_FOOTPRINT_M2) return;
    this.buildings.push({ lat: centre.lat, lng: centre.lng, kind, footprintM2, levels: levelsOf(tags) });
  }

  /**
   * The dwellings, without the `building=yes` ways inside non-residential land use.
   *
   * @returns the residential buildings in file order
   */
  finish(): ResidentialBuilding[] {
    if (this.landuse.length === 0) return this.buildings;
    const index = new Flatbush(this.landuse.length);
    for (const polygon of this.landuse) {
      let minLng = Infinity;
      let minLat = Infinity;
      let maxLng = -Infinity;
      let maxLat = -Infinity;
      for (const [lng = 0, lat = 0] of polygon.coordinates[0] ?? []) {
        minLng = Math.min(minLng, lng);
        minLat = Math.min(minLat, lat);
        maxLng = Math.max(maxLng, lng);
        maxLat = Math.max(maxLat, lat);
      }
      index.add(minLng, minLat, maxLng, maxLat);
    }
    index.finish();
    return this.buildings.filter((building) => {
      if (building.kind !== 'yes') return true;
      const hits = index.search(building.lng, building.lat, building.lng, building.lat);
      return !hits.some((hit) => {
        const polygon = this.landuse[hit];
        return polygon !== undefined && booleanPointInPolygon([building.lng, building.lat], polygon);
      });
    });
  }
}
