import { EARTH_RADIUS_METRES, haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

const RAD = Math.PI / 180;

/**
 * Relative band around the radius in which {@link RadiusTest.contains} defers
 * to the haversine: 1e-4, five times the largest relative error of the flat
 * distance where it is used (below).
 */
const EXACT_BAND = 1e-4;

/**
 * Largest latitude or longitude difference (radians, about 64 km) for which
 * the flat distance is used: there its relative error against the haversine
 * is under `max(Δφ, Δλ)² / 24 + h / 6` (Taylor bounds of `sin` and `asin`),
 * at most 2e-5.
 */
const FLAT_LIMIT_RADIANS = 0.01;

/** Squared flat angles (radians²) under this (about 1e-90 m) go to the haversine, far from floating-point underflow. */
const FLAT_FLOOR = 1e-200;

/**
 * Membership in a great-circle radius, answering exactly as
 * `haversineMetres(centre, point) <= radiusMetres` while computing no
 * trigonometry for points clearly inside or outside: the flat distance
 * `R² (Δφ² + cos φ₀ cos φ Δλ²)` decides a point more than 0.01 % inside or
 * outside the radius; a point in that band, one farther than 0.01 rad in
 * either coordinate, or a distance near underflow gets `haversineMetres`.
 * Counting dense layers (address points in a catchment) costs a few
 * multiplications per point instead of six trigonometric calls.
 */
export class RadiusTest {
  private readonly centre: LatLng;
  // The centre's coordinates as plain numbers: read once per point tested.
  private readonly lat: number;
  private readonly lng: number;
  private readonly cosLat: number;
  private readonly innerSquared: number;
  private readonly outerSquared: number;

  /**
   * @param centre - decimal degrees
   * @param radiusMetres - metres (≥ 0)
   */
  constructor(
    centre: LatLng,
    private readonly radiusMetres: number,
  ) {
    this.centre = { lat: centre.lat, lng: centre.lng };
    this.lat = centre.lat;
    this.lng = centre.lng;
    this.cosLat = Math.cos(centre.lat * RAD);
    const angle = radiusMetres / EARTH_RADIUS_METRES;
    this.innerSquared = (angle * (1 - EXACT_BAND)) ** 2;
    this.outerSquared = (angle * (1 + EXACT_BAND)) ** 2;
  }

  /**
   * Whether the point lies within the radius (inclusive).
   *
   * @param lat - the point's latitude, decimal degrees
   * @param lng - the point's longitude, decimal degrees
   * @param cosLat - `Math.cos(lat × π / 180)`, precomputed per point ({@link cosineOfLatitude})
   */
  contains(lat: number, lng: number, cosLat: number): boolean {
    const dLat = (lat - this.lat) * RAD;
    const dLng = (lng - this.lng) * RAD;
    if (this.innerSquared > FLAT_FLOOR && Math.abs(dLat) < FLAT_LIMIT_RADIANS && Math.abs(dLng) < FLAT_LIMIT_RADIANS) {
      const flatSquared = dLat * dLat + this.cosLat * cosLat * dLng * dLng;
      if (flatSquared > FLAT_FLOOR) {
        if (flatSquared < this.innerSquared) return true;
        if (flatSquared > this.outerSquared) return false;
      }
    }
    return haversineMetres(this.centre, { lat, lng }) <= this.radiusMetres;
  }

  /**
   * {@link RadiusTest.contains} of the point `index` of a layer held in typed
   * arrays: a walk over thousands of points passes only the index, no
   * number that needs boxing.
   *
   * @param lats - latitudes, decimal degrees, by index
   * @param lngs - longitudes, decimal degrees, by index
   * @param cosLats - `cosineOfLatitude` of each latitude, by index
   * @param index - the point's index
   */
  containsAt(lats: Float64Array, lngs: Float64Array, cosLats: Float64Array, index: number): boolean {
    return this.contains(lats[index] ?? Number.NaN, lngs[index] ?? Number.NaN, cosLats[index] ?? 0);
  }
}

/**
 * The cosine of a latitude, as {@link RadiusTest.contains} takes it.
 *
 * @param lat - decimal degrees
 */
export function cosineOfLatitude(lat: number): number {
  return Math.cos(lat * RAD);
}
