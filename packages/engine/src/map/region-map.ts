import { type Category, DEFAULT_MAP_RADIUS_METRES, MAX_MAP_RADIUS_METRES, type MapFeature, type Position, type SiteMap } from '@locscore/schema';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { CompetitorIndex } from '../places/competitor-index.js';
import { PointIndex } from '../places/point-index.js';
import type { LatLng, RegionData, Station } from '../region/types.js';
import { clipToCircle } from './clip-lines.js';
import { LineIndex, type MapLine } from './line-index.js';

/** What {@link RegionMap.draw} draws: a point, a radius and, for competitors and the trade area, a category. */
export interface SiteMapQuery {
  /** WGS 84 decimal degrees. */
  lat: number;
  lng: number;
  /** Metres, 50–2,000. @default the category's trade-area radius (at most 2,000 m), else 1,000 m */
  radiusMetres?: number;
  category?: Category;
}

/** Six decimals of a degree: about 0.1 m, plenty for a site map and a third of the bytes of a full double. */
const position = (point: LatLng): Position => [Math.round(point.lng * 1e6) / 1e6, Math.round(point.lat * 1e6) / 1e6];

/** A key for a line's ends and length, to draw a named major road once though it is also a street. */
const lineKey = (points: readonly LatLng[]): string => {
  const first = points[0] as LatLng;
  const last = points[points.length - 1] as LatLng;
  return `${first.lat},${first.lng},${last.lat},${last.lng},${points.length}`;
};

/** The region's roads (their class) and other named streets (`street`), each way once. */
function mapLines(region: RegionData): MapLine[] {
  const lines: MapLine[] = region.roads
    .filter((road) => road.points.length >= 2)
    .map((road) => ({ points: road.points, name: road.name, highway: road.class }));
  const seen = new Set(lines.map((line) => lineKey(line.points)));
  for (const street of region.streets) {
    for (const points of street.lines) {
      if (points.length < 2 || seen.has(lineKey(points))) continue;
      seen.add(lineKey(points));
      lines.push({ points, name: street.name, highway: 'street' });
    }
  }
  return lines;
}

/**
 * The vector map of one region around a point, from the region pack itself
 * (no tile server): roads and streets as GeoJSON `LineString`s cut to the
 * runs that reach into the circle, transit stations within it, and the
 * category's competitors within it (the places the competitor score
 * counts). Its line and station indexes are built on the first map asked
 * for, so a server that draws none pays nothing.
 */
export class RegionMap {
  private lines: LineIndex | null = null;
  private stations: PointIndex<Station> | null = null;

  /**
   * @param region - the loaded pack
   * @param competitors - the engine's competitor index of the region
   */
  constructor(
    readonly region: RegionData,
    private readonly competitors: CompetitorIndex,
  ) {}

  /**
   * Whether a point is in the region: inside the box of the area the pack
   * covers (its boundary's box, else the extract's).
   *
   * @param point - decimal degrees
   */
  covers(point: LatLng): boolean {
    const [minLng, minLat, maxLng, maxLat] = this.region.manifest.coverage?.bbox ?? this.region.manifest.bbox;
    return point.lng >= minLng && point.lng <= maxLng && point.lat >= minLat && point.lat <= maxLat;
  }

  /**
   * The `SiteMap` around a point: a GeoJSON FeatureCollection with a `meta`
   * member (the circle, the trade-area radius, the region and the
   * attribution its sources require).
   *
   * @param query - see {@link SiteMapQuery}
   */
  draw(query: SiteMapQuery): SiteMap {
    const centre = { lat: query.lat, lng: query.lng };
    const tradeArea = query.category === undefined ? null : CATEGORY_DEFINITIONS[query.category].radiusMetres;
    const radius = query.radiusMetres ?? (tradeArea === null ? DEFAULT_MAP_RADIUS_METRES : Math.min(tradeArea, MAX_MAP_RADIUS_METRES));
    const features: MapFeature[] = [...this.roads(centre, radius), ...this.stationsNear(centre, radius)];
    if (query.category !== undefined) {
      for (const competitor of this.competitors.search(centre, query.category, radius).competitors) {
        features.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: position(competitor.poi) },
          properties: {
            kind: 'competitor',
            name: competitor.name,
            rating: competitor.rating,
            brand: competitor.brand,
            distanceMetres: Math.round(competitor.distanceMetres),
          },
        });
      }
    }
    const { manifest } = this.region;
    return {
      type: 'FeatureCollection',
      features,
      meta: {
        center: centre,
        radiusMetres: Math.round(radius),
        category: query.category ?? null,
        tradeAreaRadiusMetres: tradeArea,
        region: manifest.name,
        sample: manifest.sample,
        attribution: manifest.attribution,
      },
    };
  }

  private roads(centre: LatLng, radius: number): MapFeature[] {
    this.lines ??= new LineIndex(mapLines(this.region));
    return this.lines.near(centre, radius).flatMap((line) =>
      clipToCircle(line.points, centre, radius).map(
        (points): MapFeature => ({
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: points.map(position) },
          properties: { kind: 'road', name: line.name, highway: line.highway },
        }),
      ),
    );
  }

  private stationsNear(centre: LatLng, radius: number): MapFeature[] {
    this.stations ??= new PointIndex(this.region.stations);
    return this.stations.within(centre, radius).map(
      ({ item }): MapFeature => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: position(item) },
        properties: { kind: 'station', name: item.name, modes: [...item.modes] },
      }),
    );
  }
}
