import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { orient2d } from 'robust-predicates';

/** Edges per band of a ring's edge index, on average. */
const EDGES_PER_BAND = 8;
/** The most band entries per edge before the index takes fewer, taller bands (long edges span many bands). */
const MAX_ENTRIES_PER_EDGE = 4;

/** One ring: its points and, per horizontal band, the edges whose latitude span meets the band. */
interface Ring {
  xs: Float64Array;
  ys: Float64Array;
  minY: number;
  maxY: number;
  bandHeight: number;
  bands: number;
  /** Band `b`'s edges are `edges[starts[b]]` to `edges[starts[b + 1] - 1]`; edge `i` joins points `i` and `i + 1`. */
  starts: Int32Array;
  edges: Int32Array;
}

/** The test's verdict for one polygon: on its boundary, or the number of edges crossed. */
const ON_BOUNDARY = -1;

/**
 * Point-in-polygon tests against one (multi)polygon, answering exactly as
 * `@turf/boolean-point-in-polygon` does (its point-in-polygon-hao crossing
 * test with robust-predicates' `orient2d`; a point on the boundary is
 * inside), but testing only the edges whose latitude span holds the point:
 * each ring's edges are indexed by horizontal bands. The crossing test's
 * answer does not depend on the order edges are tested in (any boundary
 * edge makes it "on the boundary", else the parity of crossings counts), so
 * skipping the edges that cannot cross the point's latitude changes nothing.
 * Geometry the crossing test would refuse (an unclosed ring, an empty ring,
 * a coordinate that is not finite) is left to turf itself.
 */
export class PreparedPolygon {
  private readonly polygons: Ring[][] | null;
  private readonly bbox: readonly number[] | undefined;

  /** @param geometry - a GeoJSON Polygon or MultiPolygon (kept by reference when it cannot be prepared) */
  constructor(private readonly geometry: Polygon | MultiPolygon) {
    this.bbox = geometry.bbox;
    const polygons: Position[][][] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const prepared: Ring[][] = [];
    for (const polygon of polygons) {
      const rings: Ring[] = [];
      for (const ring of polygon) {
        const indexed = indexRing(ring);
        if (indexed === null) {
          this.polygons = null;
          return;
        }
        rings.push(indexed);
      }
      prepared.push(rings);
    }
    this.polygons = prepared;
  }

  /**
   * Whether the polygon holds the point (holes excluded, the boundary included).
   *
   * @param lng - decimal degrees
   * @param lat - decimal degrees
   */
  contains(lng: number, lat: number): boolean {
    if (this.polygons === null) return booleanPointInPolygon([lng, lat], this.geometry);
    const bbox = this.bbox;
    if (bbox !== undefined && !((bbox[0] ?? 0) <= lng && (bbox[1] ?? 0) <= lat && (bbox[2] ?? 0) >= lng && (bbox[3] ?? 0) >= lat)) return false;
    for (const rings of this.polygons) {
      let crossings = 0;
      for (const ring of rings) {
        const found = ringCrossings(ring, lng, lat);
        if (found === ON_BOUNDARY) return true;
        crossings += found;
      }
      if (crossings % 2 === 1) return true;
    }
    return false;
  }
}

/** A ring's edge index, or null for a ring the crossing test would refuse or fail on. */
function indexRing(ring: Position[]): Ring | null {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length < 2 || first === undefined || last === undefined) return null;
  if (first[0] !== last[0] && first[1] !== last[1]) return null;
  const xs = new Float64Array(ring.length);
  const ys = new Float64Array(ring.length);
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < ring.length; i++) {
    const x = ring[i]?.[0];
    const y = ring[i]?.[1];
    if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) return null;
    xs[i] = x;
    ys[i] = y;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const edgeCount = ring.length - 1;
  let bands = Math.max(1, Math.ceil(edgeCount / EDGES_PER_BAND));
  for (;;) {
    const built = bandIndex(xs, ys, minY, maxY, bands, bands === 1 ? Infinity : MAX_ENTRIES_PER_EDGE * xs.length);
    if (built !== null) return built;
    bands = Math.max(1, bands >> 1);
  }
}

/** The band index of a ring with `bands` bands, or null when it would hold more than `maxEntries` entries. */
function bandIndex(xs: Float64Array, ys: Float64Array, minY: number, maxY: number, bands: number, maxEntries: number): Ring | null {
  const bandHeight = (maxY - minY) / bands;
  const ring: Ring = { xs, ys, minY, maxY, bandHeight, bands, starts: new Int32Array(bands + 1), edges: new Int32Array(0) };
  const edgeCount = xs.length - 1;
  let total = 0;
  for (let i = 0; i < edgeCount; i++) {
    const to = lastBand(ring, i);
    for (let b = firstBand(ring, i); b <= to; b++) {
      ring.starts[b + 1] = (ring.starts[b + 1] ?? 0) + 1;
      total++;
    }
    if (total > maxEntries) return null;
  }
  for (let b = 0; b < bands; b++) ring.starts[b + 1] = (ring.starts[b + 1] ?? 0) + (ring.starts[b] ?? 0);
  const fill = ring.starts.slice(0, bands);
  ring.edges = new Int32Array(total);
  for (let i = 0; i < edgeCount; i++) {
    const to = lastBand(ring, i);
    for (let b = firstBand(ring, i); b <= to; b++) {
      const at = fill[b] ?? 0;
      ring.edges[at] = i;
      fill[b] = at + 1;
    }
  }
  return ring;
}

/** The first band an edge's latitude span meets. */
function firstBand(ring: Ring, edge: number): number {
  return bandOf(ring, Math.min(ring.ys[edge] ?? 0, ring.ys[edge + 1] ?? 0));
}

/** The last band an edge's latitude span meets. */
function lastBand(ring: Ring, edge: number): number {
  return bandOf(ring, Math.max(ring.ys[edge] ?? 0, ring.ys[edge + 1] ?? 0));
}

/** The band of a latitude within the ring's span (monotonic in `y`, so an edge spanning `y` is listed in `y`'s band). */
function bandOf(ring: Ring, y: number): number {
  if (ring.bandHeight === 0) return 0;
  return Math.min(ring.bands - 1, Math.max(0, Math.floor((y - ring.minY) / ring.bandHeight)));
}

/** point-in-polygon-hao's crossing test over the ring's edges in the point's band: crossings, or {@link ON_BOUNDARY}. */
function ringCrossings(ring: Ring, x: number, y: number): number {
  if (!(y >= ring.minY && y <= ring.maxY)) return 0;
  const band = bandOf(ring, y);
  const { xs, ys, edges } = ring;
  const end = ring.starts[band + 1] ?? 0;
  let crossings = 0;
  for (let at = ring.starts[band] ?? 0; at < end; at++) {
    const i = edges[at] ?? 0;
    const u1 = (xs[i] ?? 0) - x;
    const v1 = (ys[i] ?? 0) - y;
    const u2 = (xs[i + 1] ?? 0) - x;
    const v2 = (ys[i + 1] ?? 0) - y;
    if (v1 === 0 && v2 === 0) {
      if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return ON_BOUNDARY;
    } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
      const f = orient2d(u1, u2, v1, v2, 0, 0);
      if (f === 0) return ON_BOUNDARY;
      if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) crossings++;
    }
  }
  return crossings;
}
