import { RESERVED_VENUE_KINDS, RESERVED_VENUE_TAGS, type ReservedVenue, type ReservedVenueKind } from '@locscore/schema';
import { PointIndex } from '../places/point-index.js';
import { groupSamePlaces } from '../places/same-place.js';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng, Poi } from '../region/types.js';
import type { Shape } from './shape.js';

/**
 * The kind of reserved venue an OSM object is (`aeroway=aerodrome`,
 * `leisure=stadium`, `amenity=hospital|university|college`, `shop=mall`), or null.
 *
 * @param tags - the object's tags
 */
export function reservedVenueKind(tags: Readonly<Record<string, string>>): ReservedVenueKind | null {
  for (const kind of RESERVED_VENUE_KINDS) {
    const [key = '', value] = RESERVED_VENUE_TAGS[kind].split('=');
    if (tags[key] === value) return kind;
  }
  return null;
}

/** One reserved venue: the mappings of one place joined, at its representative. */
interface Venue {
  kind: ReservedVenueKind;
  /** The first named mapping, else the first. */
  poi: Poi;
}

/**
 * The reserved (non-traditional) venues of a region: airports, stadiums,
 * hospitals, universities, colleges and malls mapped in OpenStreetMap, the
 * venues a franchisor usually keeps the right to open in (FTC staff FAQ 37).
 * A venue mapped as a way or relation stands at its centroid, as every POI
 * of the pack; the mappings of one venue (a node and its building) are
 * joined by the rule that joins places (`groupSamePlaces`).
 */
export class ReservedVenueIndex {
  private readonly index: PointIndex<Venue & LatLng>;

  /** @param pois - the region's POIs */
  constructor(pois: readonly Poi[]) {
    const byKind = new Map<ReservedVenueKind, Poi[]>();
    for (const poi of pois) {
      const kind = reservedVenueKind(poi.tags);
      if (kind === null) continue;
      const list = byKind.get(kind);
      if (list === undefined) byKind.set(kind, [poi]);
      else list.push(poi);
    }
    const venues: Array<Venue & LatLng> = [];
    for (const [kind, list] of byKind) {
      for (const group of groupSamePlaces(list)) {
        const poi = group.find((mapping) => (mapping.name ?? '').trim() !== '') ?? group[0];
        if (poi !== undefined) venues.push({ kind, poi, lat: poi.lat, lng: poi.lng });
      }
    }
    this.index = new PointIndex(venues);
  }

  /** Venues indexed. */
  get size(): number {
    return this.index.size;
  }

  /**
   * The venues inside `shape`, nearest to `site` first (then by OSM id).
   *
   * @param shape - the territory
   * @param site - the point distances are measured from
   */
  inside(shape: Shape, site: LatLng): ReservedVenue[] {
    const found: ReservedVenue[] = [];
    this.index.forEachInBox(shape.bbox, ({ kind, poi }) => {
      if (!shape.contains(poi)) return;
      found.push({
        name: poi.name?.trim() || null,
        kind,
        osmTag: RESERVED_VENUE_TAGS[kind],
        osmId: poi.id,
        coordinates: { lat: poi.lat, lng: poi.lng },
        distanceMetres: Math.round(haversineMetres(site, poi)),
      });
    });
    return found.sort((a, b) => a.distanceMetres - b.distanceMetres || a.osmId.localeCompare(b.osmId));
  }
}
