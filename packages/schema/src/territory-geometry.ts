import type { Feature, Polygon as GeoJsonPolygon } from 'geojson';
import findSelfIntersections from 'geojson-polygon-self-intersections';
import { z } from 'zod';
import { Position } from './site-map.js';

/** Most vertices (positions, counting every ring's closing one) a territory polygon may have, all parts together. */
export const MAX_TERRITORY_VERTICES = 10_000;

/**
 * Largest JSON body of the unit and territory routes, bytes (1 MiB): room for
 * a polygon of {@link MAX_TERRITORY_VERTICES} vertices at full double
 * precision (about 40 bytes a position), where every other route keeps
 * `MAX_BODY_BYTES`.
 */
export const MAX_TERRITORY_BODY_BYTES = 1024 * 1024;

const longitude = z
  .number({ error: 'longitude must be a number' })
  .min(-180, 'longitude must be between -180 and 180')
  .max(180, 'longitude must be between -180 and 180');
const latitude = z
  .number({ error: 'latitude must be a number' })
  .min(-90, 'latitude must be between -90 and 90')
  .max(90, 'latitude must be between -90 and 90');

/**
 * A position as a client may send it: `[longitude, latitude]` in WGS 84
 * degrees, with an altitude allowed and dropped (RFC 7946 §3.1.1).
 */
const InputPosition = z
  .tuple([longitude, latitude], z.number(), { error: 'position must be [longitude, latitude]' })
  .transform(([lng, lat]): [number, number] => [lng, lat]);

/** Whether a ring's last position repeats its first (RFC 7946 §3.1.6). */
function isClosed(ring: ReadonlyArray<readonly number[]>): boolean {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
}

/** A linear ring: at least four positions, the last repeating the first. */
const InputRing = z
  .array(InputPosition, { error: 'a ring must be an array of positions' })
  .min(4, 'a ring needs at least 4 positions: 3 corners and the first again')
  .refine(isClosed, 'ring must be closed: its last position must repeat its first');

/** A polygon's rings: the outer ring, then any holes. */
const InputRings = z.array(InputRing, { error: 'polygon coordinates must be an array of rings' }).min(1, 'a polygon needs an outer ring');

type Ring = Array<[number, number]>;

/** Twice the signed area of a ring in squared degrees (shoelace); 0 for a ring with no area. */
function doubledArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [a, b] = [ring[i], ring[i + 1]];
    if (a !== undefined && b !== undefined) sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/** Where one polygon's edges cross: each crossing once, with the two rings and the point. */
interface Crossing {
  ring: number;
  otherRing: number;
  at: [number, number];
}

/**
 * The crossings of a polygon's edges, found with geojson-polygon-self-intersections
 * (an rbush index over the edges, so 10,000 vertices take milliseconds where a
 * pairwise test such as `@turf/kinks` takes over a second). Edges that only
 * touch at a shared vertex are not crossings.
 */
function crossingsOf(rings: Ring[]): Crossing[] {
  const feature: Feature<GeoJsonPolygon> = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: rings } };
  const found: Array<Crossing | null> = findSelfIntersections(feature, {
    callbackFunction: ({ ring0, ring1, isect, unique }) => (unique ? { ring: ring0, otherRing: ring1, at: [isect[0] ?? 0, isect[1] ?? 0] } : null),
  });
  return found.filter((crossing): crossing is Crossing => crossing !== null);
}

const rounded = (at: [number, number]) => `[${at.map((value) => Math.round(value * 1e6) / 1e6).join(', ')}]`;

/**
 * Checks one polygon's rings for what the schema's structure cannot say:
 * edges that cross (a ring itself, or a hole and another ring), else a ring
 * with no area.
 *
 * @param rings - the polygon's rings, structurally valid
 * @param path - the zod path of the polygon's coordinates
 * @param context - the refinement context the issues go to
 * @param part - the polygon's index in a MultiPolygon, named in messages
 */
function checkPolygon(rings: Ring[], path: Array<string | number>, context: z.RefinementCtx, part?: number): void {
  const where = part === undefined ? '' : `polygon ${part}: `;
  const crossing = crossingsOf(rings)[0];
  if (crossing !== undefined) {
    const what = crossing.ring === crossing.otherRing ? `ring ${crossing.ring} crosses itself` : `ring ${crossing.ring} crosses ring ${crossing.otherRing}`;
    context.addIssue({
      code: 'custom',
      path: [...path, crossing.ring],
      message: `territory.geometry must not self-intersect: ${where}${what} at ${rounded(crossing.at)}`,
    });
    return;
  }
  rings.forEach((ring, index) => {
    if (doubledArea(ring) === 0) context.addIssue({ code: 'custom', path: [...path, index], message: `${where}ring ${index} has no area` });
  });
}

const InputPolygon = z.object({ type: z.literal('Polygon'), coordinates: InputRings });
const InputMultiPolygon = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(InputRings, { error: 'multipolygon coordinates must be an array of polygons' }).min(1, 'a multipolygon needs a polygon'),
});

/** Runs a refinement only on a structurally valid geometry: crossings of positions out of range say nothing more. */
const onlyWhenValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * The geometry of a polygon territory as a client sends it: a GeoJSON
 * `Polygon` or `MultiPolygon` (RFC 7946) in WGS 84 `[longitude, latitude]`
 * degrees, altitudes dropped. Valid means: each ring closed with at least
 * four positions and some area, no edge crossing another of its polygon
 * (outer ring or hole; touching at a vertex is allowed), at most
 * {@link MAX_TERRITORY_VERTICES} vertices in all. The parts of a
 * MultiPolygon are checked one by one: parts that overlap are allowed, and a
 * resident in two parts counts once. Ring orientation is not checked (RFC
 * 7946 §3.1.6 asks parsers not to reject clockwise rings).
 */
export const TerritoryGeometryInput = z
  .discriminatedUnion('type', [InputPolygon, InputMultiPolygon], {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'territory.geometry.type must be Polygon or MultiPolygon'
        : 'territory.geometry must be a GeoJSON Polygon or MultiPolygon',
  })
  .superRefine((geometry, context) => {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const vertices = polygons.reduce((sum, rings) => sum + rings.reduce((count, ring) => count + ring.length, 0), 0);
    if (vertices > MAX_TERRITORY_VERTICES) {
      context.addIssue({
        code: 'custom',
        path: ['coordinates'],
        message: `territory.geometry has ${vertices} vertices; at most ${MAX_TERRITORY_VERTICES} are allowed`,
      });
      return;
    }
    if (geometry.type === 'Polygon') checkPolygon(geometry.coordinates, ['coordinates'], context);
    else {
      geometry.coordinates.forEach((rings, index) => {
        checkPolygon(rings, ['coordinates', index], context, index);
      });
    }
  }, onlyWhenValid)
  .meta({
    id: 'TerritoryGeometryInput',
    description: `GeoJSON Polygon or MultiPolygon, [longitude, latitude] WGS 84; closed rings, no crossing edges, at most ${MAX_TERRITORY_VERTICES} vertices.`,
  });
/** The geometry of a polygon territory as sent. */
export type TerritoryGeometryInput = z.input<typeof TerritoryGeometryInput>;

const StoredRings = z.array(z.array(Position).min(4)).min(1);

/**
 * The geometry of a territory as the API answers it: a GeoJSON `Polygon` or
 * `MultiPolygon` of `[longitude, latitude]` positions, already validated
 * ({@link TerritoryGeometryInput}).
 */
export const TerritoryGeometry = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: StoredRings }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(StoredRings).min(1) }),
  ])
  .meta({ id: 'TerritoryGeometry' });
/** The geometry of a territory. */
export type TerritoryGeometry = z.infer<typeof TerritoryGeometry>;
