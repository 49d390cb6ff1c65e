import { z } from 'zod';
import { Category } from './categories.js';
import { decimalParam, unknownParamError, wholeParam } from './query-params.js';
import { Coordinates } from './score-result.js';

/** Largest radius of `GET /api/franchisor/map`, metres: the widest category trade area. */
export const MAX_MAP_RADIUS_METRES = 2_000;
/** Smallest radius of `GET /api/franchisor/map`, metres. */
export const MIN_MAP_RADIUS_METRES = 50;
/** Radius of `GET /api/franchisor/map` when `radius` and `category` are left out, metres. */
export const DEFAULT_MAP_RADIUS_METRES = 1_000;

/**
 * Query of `GET /api/franchisor/map`: the point (`lat`, `lng`, WGS 84
 * degrees), the `radius` in metres (50–2,000) and, for competitors and the
 * trade area, a `category`. Without `radius` the map covers the category's
 * trade area (at most 2,000 m), or 1,000 m without a category. Costs no quota.
 */
export const MapQuery = z
  .strictObject(
    {
      lat: decimalParam('lat', -90, 90).meta({ description: 'Latitude of the site, WGS 84 degrees, -90 to 90.' }),
      lng: decimalParam('lng', -180, 180).meta({ description: 'Longitude of the site, WGS 84 degrees, -180 to 180.' }),
      radius: wholeParam('radius', MIN_MAP_RADIUS_METRES, MAX_MAP_RADIUS_METRES)
        .optional()
        .meta({
          description: `Radius in metres, ${MIN_MAP_RADIUS_METRES}–${MAX_MAP_RADIUS_METRES}. Default: the category's trade-area radius, or ${DEFAULT_MAP_RADIUS_METRES} without a category.`,
        }),
      category: Category.optional().meta({ description: 'Adds the category’s competitors and its trade-area radius.' }),
    },
    { error: unknownParamError },
  )
  .meta({ id: 'MapQuery' });
/** Query of `GET /api/franchisor/map` after validation. */
export type MapQuery = z.infer<typeof MapQuery>;
/** Query of `GET /api/franchisor/map` as sent (strings). */
export type MapQueryInput = z.input<typeof MapQuery>;

/** A GeoJSON position: `[longitude, latitude]` in WGS 84 degrees (RFC 7946 §3.1.1). */
export const Position = z.tuple([Coordinates.shape.lng, Coordinates.shape.lat]).meta({ id: 'Position' });
/** A GeoJSON position. */
export type Position = z.infer<typeof Position>;

const point = z.object({ type: z.literal('Point'), coordinates: Position });

/**
 * A GeoJSON Feature (RFC 7946) of this geometry and these properties.
 *
 * @param geometry - the schema of its geometry
 * @param properties - the schema of its properties
 */
function feature<Geometry extends z.ZodType, Properties extends z.ZodType>(geometry: Geometry, properties: Properties) {
  return z.object({ type: z.literal('Feature'), geometry, properties });
}

/** A street or road of the region pack, clipped to the radius. `highway` is its OSM class (`primary`, `residential`…). */
export const RoadFeature = feature(
  z.object({ type: z.literal('LineString'), coordinates: z.array(Position).min(2) }),
  z.object({ kind: z.literal('road'), name: z.string().nullable(), highway: z.string() }),
).meta({ id: 'RoadFeature' });
/** A street or road. */
export type RoadFeature = z.infer<typeof RoadFeature>;

/** A transit station within the radius, with the modes serving it (`subway`, `rail`, `tram`, `bus`…). */
export const StationFeature = feature(point, z.object({ kind: z.literal('station'), name: z.string(), modes: z.array(z.string()) })).meta({
  id: 'StationFeature',
});
/** A transit station. */
export type StationFeature = z.infer<typeof StationFeature>;

/** A competitor of the query's category within the radius; `rating` 0–5 or null, `distanceMetres` great-circle from the point. */
export const CompetitorFeature = feature(
  point,
  z.object({
    kind: z.literal('competitor'),
    name: z.string(),
    rating: z.number().min(0).max(5).nullable(),
    brand: z.string().nullable(),
    distanceMetres: z.int().min(0),
  }),
).meta({ id: 'CompetitorFeature' });
/** A competitor of the category. */
export type CompetitorFeature = z.infer<typeof CompetitorFeature>;

/** One feature of a {@link SiteMap}. */
export const MapFeature = z.union([RoadFeature, StationFeature, CompetitorFeature]).meta({ id: 'MapFeature' });
/** One feature of a site map. */
export type MapFeature = z.infer<typeof MapFeature>;

/**
 * Body of `GET /api/franchisor/map`: a GeoJSON FeatureCollection (RFC 7946)
 * of the roads, stations and competitors within the radius, drawn from the
 * region pack itself (no tile server), and a `meta` foreign member with the
 * circle asked for, the category's trade-area radius and the attribution the
 * data's licences require.
 */
export const SiteMap = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(MapFeature),
    meta: z.object({
      center: Coordinates,
      radiusMetres: z.int().min(MIN_MAP_RADIUS_METRES).max(MAX_MAP_RADIUS_METRES),
      category: Category.nullable(),
      tradeAreaRadiusMetres: z.int().min(0).nullable().describe('The category’s competitor radius, metres; null without a category.'),
      region: z.string().describe('Name of the region pack the features come from.'),
      sample: z.boolean().describe('true for the fictional sample region.'),
      attribution: z.string().describe('Attribution the sources’ licences require, e.g. © OpenStreetMap contributors.'),
    }),
  })
  .meta({ id: 'SiteMap' });
/** Body of `GET /api/franchisor/map`. */
export type SiteMap = z.infer<typeof SiteMap>;
