import { EARTH_RADIUS_METRES } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

const RAD = Math.PI / 180;

/**
 * Relative margin of {@link CapBounds.classify}: a box is wholly inside only
 * when its farthest possible point is closer than `(1 − 1e-9)` of the
 * radius's haversine term, and wholly outside only when its nearest possible
 * point is beyond `(1 + 1e-9)` of it; far above the floating-point error of
 * the haversine (about 1e-15 relative), so a point of a box called inside is
 * also inside by `haversineMetres ≤ radius`, and one of a box called outside
 * is not.
 */
const MARGIN = 1e-9;

/**
 * Haversine terms under this (distances under about 1e-93 m) are never
 * trusted to decide a box: there `haversineMetres` itself underflows.
 */
const FLOOR = 1e-200;

/** Where a box lies against a circle: {@link CapBounds.classify}. */
export const BoxPlace = { outside: 0, crossing: 1, inside: 2 } as const;
/** One of {@link BoxPlace}. */
export type BoxPlace = (typeof BoxPlace)[keyof typeof BoxPlace];

/** `sin²(x / 2)` of an angle in degrees: the haversine of `x`, increasing on 0–180°. */
function hav(degrees: number): number {
  const half = Math.sin((degrees * RAD) / 2);
  return half * half;
}

/**
 * A circle on the sphere (great-circle radius, sphere of
 * `EARTH_RADIUS_METRES`, as `haversineMetres`) that tells whether a
 * latitude/longitude box lies wholly inside it, wholly outside, or across
 * its edge, without looking at the points in the box. The haversine of the
 * distance to any point of the box, `hav Δφ + cos φ₀ cos φ hav Δλ`
 * (R. W. Sinnott, "Virtues of the Haversine", Sky & Telescope 68, 1984), is
 * bounded below by the box's smallest `|Δφ|`, `|Δλ|` and `cos φ`, and above
 * by their largest; each term grows with `|Δφ|`, `|Δλ|` up to 180°.
 *
 * A box whose longitudes lie 180° or more from the centre's is called
 * crossing: there the bounds would not hold.
 */
export class CapBounds {
  private readonly lat: number;
  private readonly lng: number;
  private readonly cosLat: number;
  private readonly insideBelow: number;
  private readonly outsideAbove: number;

  /**
   * @param centre - decimal degrees
   * @param radiusMetres - metres (≥ 0)
   */
  constructor(centre: LatLng, radiusMetres: number) {
    this.lat = centre.lat;
    this.lng = centre.lng;
    this.cosLat = Math.cos(centre.lat * RAD);
    const half = Math.sin(Math.min(Math.PI / 2, radiusMetres / EARTH_RADIUS_METRES / 2));
    const limit = half * half;
    this.insideBelow = limit * (1 - MARGIN);
    this.outsideAbove = limit * (1 + MARGIN);
  }

  /**
   * Where a box lies against the circle: the box `[minLng, minLat, maxLng,
   * maxLat]` (decimal degrees, edges included) read from `boxes` at `at`, so
   * that a caller walking many boxes (a kd-tree's cells) passes no numbers
   * that need boxing.
   *
   * @param boxes - boxes, four numbers each
   * @param at - where the box starts in `boxes`
   * @returns {@link BoxPlace.inside} when every point of the box is within
   *   the radius, {@link BoxPlace.outside} when none is, else
   *   {@link BoxPlace.crossing} (also for a box within the margin of the edge)
   */
  classify(boxes: Float64Array, at: number): BoxPlace {
    const minLng = boxes[at] ?? Number.NaN;
    const minLat = boxes[at + 1] ?? Number.NaN;
    const maxLng = boxes[at + 2] ?? Number.NaN;
    const maxLat = boxes[at + 3] ?? Number.NaN;
    const { lat, lng } = this;
    const nearLat = Math.max(0, minLat - lat, lat - maxLat);
    const nearLng = Math.max(0, minLng - lng, lng - maxLng);
    const farLat = Math.max(Math.abs(minLat - lat), Math.abs(maxLat - lat));
    const farLng = Math.max(Math.abs(minLng - lng), Math.abs(maxLng - lng));
    // Past 180° of longitude the haversine term no longer grows: no bound is claimed.
    if (!(farLng < 180)) return BoxPlace.crossing;
    // cos φ over [minLat, maxLat]: least at the end farther from the equator, greatest at the nearer end (1 when it spans the equator).
    const cosLow = Math.min(Math.cos(minLat * RAD), Math.cos(maxLat * RAD));
    const cosHigh = minLat <= 0 && maxLat >= 0 ? 1 : Math.max(Math.cos(minLat * RAD), Math.cos(maxLat * RAD));
    const least = hav(nearLat) + this.cosLat * cosLow * hav(nearLng);
    if (least > this.outsideAbove && least > FLOOR) return BoxPlace.outside;
    const most = hav(farLat) + this.cosLat * cosHigh * hav(farLng);
    return most < this.insideBelow && this.insideBelow > FLOOR ? BoxPlace.inside : BoxPlace.crossing;
  }
}
