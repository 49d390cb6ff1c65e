import { EARTH_RADIUS_METRES, haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

const RAD = Math.PI / 180;

/** Relative padding of {@link SearchCircle.box} over the circle: far above any floating-point error. */
const BOX_PADDING = 1.001;
/** Absolute padding of {@link SearchCircle.box}, degrees (about 0.1 mm): covers distances that underflow to 0 m. */
const BOX_MARGIN_DEGREES = 1e-9;

/**
 * Largest relative error of the flat distance ({@link SearchCircle.flatAngleSquared})
 * against the haversine, where it is given: the Taylor bounds below come to
 * 1.3e-5.
 */
export const FLAT_RELATIVE_ERROR = 2e-5;

/**
 * Relative band around the radius in which {@link SearchCircle.contains}
 * defers to the exact haversine: five times {@link FLAT_RELATIVE_ERROR}.
 */
const EXACT_BAND = 5 * FLAT_RELATIVE_ERROR;

/**
 * Smallest squared flat angle (radians²) the flat test decides on; closer
 * points (within about 1e-90 m) and radii under that go to the haversine,
 * where the numbers are far from floating-point underflow.
 */
const FLAT_FLOOR = 1e-200;

/**
 * Largest latitude or longitude difference (radians, about 64 km at the
 * equator) for which the flat test is used; beyond it (long circles near the
 * poles, the antimeridian) every point gets the exact haversine.
 */
const FLAT_LIMIT_RADIANS = 0.01;

/** Metres per degree of latitude on the mean Earth sphere as `PointIndex` has always rounded it (2πR / 360 ≈ 111,195.08). */
const METRES_PER_DEGREE = 111_195;

/** A box `[minLng, minLat, maxLng, maxLat]` in decimal degrees, for a kdbush range query. */
export type RangeBox = readonly [minLng: number, minLat: number, maxLng: number, maxLat: number];

/**
 * A circle of a given great-circle radius around a point, with the boxes a
 * range query needs and a membership test that answers exactly as
 * `haversineMetres(centre, p) <= radiusMetres` while computing no
 * trigonometry for points clearly inside or outside.
 *
 * The test: for small angles, the haversine `h = sin²(Δφ/2) + cos φ₀ cos φ sin²(Δλ/2)`
 * and `d = 2R asin(√h)` give `d² = R² (Δφ² + cos φ₀ cos φ Δλ²)` to a relative
 * error under `max(Δφ, Δλ)² / 24 + h / 6` in `d` (Taylor bounds of `sin` and `asin`),
 * 1.3e-5 while both differences are under {@link FLAT_LIMIT_RADIANS}.
 * A point whose flat distance is more than 0.01 % ({@link EXACT_BAND}) inside
 * or outside the radius is decided by it; any other point, any point
 * farther than that limit in either coordinate, and any distance or radius
 * near floating-point underflow ({@link FLAT_FLOOR}) by `haversineMetres` itself.
 */
export class SearchCircle {
  private readonly cosLat: number;
  private readonly innerSquared: number;
  private readonly outerSquared: number;
  private boxOnce: RangeBox | null | undefined;

  /**
   * @param centre - the circle's centre, decimal degrees (finite, latitude in -90..90)
   * @param radiusMetres - great-circle radius, metres (≥ 0)
   */
  constructor(
    readonly centre: LatLng,
    readonly radiusMetres: number,
  ) {
    this.cosLat = Math.cos(centre.lat * RAD);
    const angle = radiusMetres / EARTH_RADIUS_METRES;
    this.innerSquared = (angle * (1 - EXACT_BAND)) ** 2;
    this.outerSquared = (angle * (1 + EXACT_BAND)) ** 2;
  }

  /**
   * A box that holds every point of the circle with a 0.1 % margin (and 1e-9°), or null
   * when that box would cross the antimeridian (the caller then searches
   * another way). Latitude: ± the angular radius; longitude: ±
   * `asin(sin δ / cos φ₀)` (the cap's tangent meridians), or the whole range
   * when the cap holds a pole. Computed on first use.
   */
  get box(): RangeBox | null {
    if (this.boxOnce === undefined) this.boxOnce = this.computeBox();
    return this.boxOnce;
  }

  private computeBox(): RangeBox | null {
    const { centre } = this;
    const padded = (this.radiusMetres / EARTH_RADIUS_METRES) * BOX_PADDING;
    const dLat = padded / RAD + BOX_MARGIN_DEGREES;
    const sinPadded = Math.sin(Math.min(padded, Math.PI / 2));
    if (padded >= Math.PI / 2 || this.cosLat <= sinPadded) return [-180, centre.lat - dLat, 180, centre.lat + dLat];
    const dLng = Math.asin(sinPadded / this.cosLat) / RAD + BOX_MARGIN_DEGREES;
    return centre.lng - dLng < -180 || centre.lng + dLng > 180 ? null : [centre.lng - dLng, centre.lat - dLat, centre.lng + dLng, centre.lat + dLat];
  }

  /**
   * The flat squared angle (radians²) from the centre to a point: `d² / R²`
   * to within {@link FLAT_RELATIVE_ERROR} of the haversine distance `d`; NaN
   * where that bound does not hold (a coordinate differs by more than
   * 0.01 rad, or the value is near floating-point underflow).
   *
   * @param lat - the point's latitude, decimal degrees
   * @param lng - the point's longitude, decimal degrees
   * @param cosLat - `Math.cos(lat × π / 180)`, precomputed per point
   */
  flatAngleSquared(lat: number, lng: number, cosLat: number): number {
    const dLat = (lat - this.centre.lat) * RAD;
    const dLng = (lng - this.centre.lng) * RAD;
    if (!(dLat < FLAT_LIMIT_RADIANS && dLat > -FLAT_LIMIT_RADIANS && dLng < FLAT_LIMIT_RADIANS && dLng > -FLAT_LIMIT_RADIANS)) return Number.NaN;
    const flatSquared = dLat * dLat + this.cosLat * cosLat * dLng * dLng;
    return flatSquared > FLAT_FLOOR ? flatSquared : Number.NaN;
  }

  /**
   * Whether every point of a box lies in the circle; true only when that is
   * certain, so a box it accepts may be counted whole without testing its
   * points. Bounds the flat distance over the box (largest latitude and
   * longitude differences; `cos φ ≤ cos φ₀ + |Δφ|`) against the radius less
   * the 0.01 % band.
   *
   * @param minLng - decimal degrees
   * @param minLat - decimal degrees
   * @param maxLng - decimal degrees
   * @param maxLat - decimal degrees
   */
  holdsBox(minLng: number, minLat: number, maxLng: number, maxLat: number): boolean {
    if (!(this.innerSquared > FLAT_FLOOR)) return false;
    const dLat = Math.max(Math.abs(minLat - this.centre.lat), Math.abs(maxLat - this.centre.lat)) * RAD;
    const dLng = Math.max(Math.abs(minLng - this.centre.lng), Math.abs(maxLng - this.centre.lng)) * RAD;
    if (!(dLat < FLAT_LIMIT_RADIANS && dLng < FLAT_LIMIT_RADIANS)) return false;
    const upper = dLat * dLat + this.cosLat * Math.min(1, this.cosLat + dLat) * dLng * dLng;
    return upper * (1 + 1e-9) < this.innerSquared;
  }

  /**
   * Whether a point lies in the circle: exactly `haversineMetres(centre, point) <= radiusMetres`.
   *
   * @param lat - the point's latitude, decimal degrees
   * @param lng - the point's longitude, decimal degrees
   * @param cosLat - `Math.cos(lat × π / 180)`, precomputed per point
   */
  contains(lat: number, lng: number, cosLat: number): boolean {
    if (this.innerSquared > FLAT_FLOOR) {
      const flatSquared = this.flatAngleSquared(lat, lng, cosLat);
      // NaN (no flat answer) fails both comparisons.
      if (flatSquared < this.innerSquared) return true;
      if (flatSquared > this.outerSquared) return false;
    }
    return haversineMetres(this.centre, { lat, lng }) <= this.radiusMetres;
  }
}

/**
 * The box `PointIndex.countWithin` has always counted in: latitude ±
 * `radius / 111,195 m` padded by 0.1 %, longitude ± that (unpadded) over the
 * cosine of the centre's latitude. It holds the whole circle below about 83°
 * of latitude; it is kept as it was so that counts never change.
 *
 * @param centre - decimal degrees
 * @param radiusMetres - metres (≥ 0)
 * @returns the box
 */
export function countingBox(centre: LatLng, radiusMetres: number): RangeBox {
  const dLat = radiusMetres / METRES_PER_DEGREE;
  const cosLat = Math.max(Math.cos((centre.lat * Math.PI) / 180), 1e-6);
  const dLng = Math.min(180, dLat / cosLat);
  return [centre.lng - dLng, centre.lat - dLat * 1.001, centre.lng + dLng, centre.lat + dLat * 1.001];
}

/**
 * Cosine of a latitude as {@link SearchCircle.contains} expects it.
 *
 * @param lat - decimal degrees
 */
export function cosineOfLatitude(lat: number): number {
  return Math.cos(lat * RAD);
}
