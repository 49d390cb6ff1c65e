import { PointIndex } from '../places/point-index.js';
import type { LatLng, PopulationPoint } from '../region/types.js';
import { boxIntersection, type Shape } from './shape.js';

/** Residents and households in an area. */
export interface Residents {
  /** Residents, two decimals of precision (the population layer's). */
  residents: number;
  /** Households, or null when the layer has none. */
  households: number | null;
}

/** The circle around a point that holds a number of residents. */
export interface HoldingRadius {
  /** Great-circle distance from the centre to the farthest population point needed, metres. */
  radiusMetres: number;
  /** Residents within that radius (at least the number asked for: points at the same distance all count). */
  residents: number;
}

/** First radius tried by {@link ResidentIndex.radiusHolding}, metres; doubled until the circle holds enough. */
const FIRST_SEARCH_METRES = 500;
/** Half the Earth's circumference, metres: a circle this wide holds every point. */
const WHOLE_EARTH_METRES = 20_037_509;

/**
 * The residents of a region's population layer (`RegionData.population`,
 * placed by dasymetric mapping at import) for territory measures: sums in
 * any shape (a circle, a polygon, the part two shapes share) and the circle
 * around a point holding a number of residents. Points go in a kdbush tree
 * ({@link PointIndex}); a shape's bounding box finds the candidates, its
 * `contains` decides. Sums are kept in whole hundredths, so they never depend
 * on the order the points are met.
 */
export class ResidentIndex {
  /** Whether the layer carries households. */
  readonly hasHouseholds: boolean;
  /** Residents in the whole layer. */
  readonly totalResidents: number;
  private readonly index: PointIndex<PopulationPoint>;
  private readonly residents: Float64Array;
  private readonly households: Float64Array;
  private readonly totalHundredths: number;

  /**
   * @param points - the population layer (empty when the pack has none)
   * @throws TypeError naming `items[<index>]` for a point with non-finite coordinates
   */
  constructor(points: readonly PopulationPoint[]) {
    this.index = new PointIndex(points);
    this.hasHouseholds = points.some((point) => point.households !== undefined);
    this.residents = Float64Array.from(points, (point) => Math.round(point.residents * 100));
    this.households = Float64Array.from(points, (point) => Math.round((point.households ?? 0) * 100));
    this.totalHundredths = this.residents.reduce((sum, value) => sum + value, 0);
    this.totalResidents = this.totalHundredths / 100;
  }

  /** Points in the layer. */
  get size(): number {
    return this.index.size;
  }

  /**
   * Calls `visit` for each population point inside `shape`, with its residents.
   *
   * @param shape - the area
   * @param visit - called with the point and its residents (two decimals)
   */
  forEachInside(shape: Shape, visit: (point: PopulationPoint, residents: number) => void): void {
    this.index.forEachInBox(shape.bbox, (point, id) => {
      if (shape.contains(point)) visit(point, (this.residents[id] ?? 0) / 100);
    });
  }

  /**
   * The residents and households inside `shape`.
   *
   * @param shape - the area
   */
  inside(shape: Shape): Residents {
    let residents = 0;
    let households = 0;
    this.index.forEachInBox(shape.bbox, (point, id) => {
      if (!shape.contains(point)) return;
      residents += this.residents[id] ?? 0;
      households += this.households[id] ?? 0;
    });
    return { residents: residents / 100, households: this.hasHouseholds ? households / 100 : null };
  }

  /**
   * Residents inside both shapes: each population point in the boxes' overlap
   * is tested against both, so no polygon clipping is needed.
   *
   * @param a - one area
   * @param b - another
   */
  shared(a: Shape, b: Shape): number {
    const box = boxIntersection(a.bbox, b.bbox);
    if (box === null) return 0;
    let residents = 0;
    this.index.forEachInBox(box, (point, id) => {
      if (a.contains(point) && b.contains(point)) residents += this.residents[id] ?? 0;
    });
    return residents / 100;
  }

  /**
   * The smallest circle around `centre` holding at least `residents`
   * residents: the population points nearest first, summed until they reach
   * the number; the radius is the distance of the last point needed. Searches
   * from 500 m, doubling the radius until the circle holds enough.
   *
   * @param centre - decimal degrees
   * @param residents - residents to hold, > 0
   * @returns the radius and the residents within it, or null when the whole layer holds fewer
   */
  radiusHolding(centre: LatLng, residents: number): HoldingRadius | null {
    const wanted = Math.round(residents * 100);
    if (!(wanted > 0) || wanted > this.totalHundredths) return null;
    for (let search = FIRST_SEARCH_METRES; ; search = Math.min(search * 2, WHOLE_EARTH_METRES)) {
      let sum = 0;
      for (const { item, distanceMetres } of this.index.within(centre, search)) {
        sum += Math.round(item.residents * 100);
        if (sum >= wanted) return this.holding(centre, distanceMetres);
      }
      if (search === WHOLE_EARTH_METRES) return null;
    }
  }

  /** The residents within `radiusMetres`, every point at that distance included. */
  private holding(centre: LatLng, radiusMetres: number): HoldingRadius {
    let sum = 0;
    this.index.forEachWithin(centre, radiusMetres, (_point, id) => {
      sum += this.residents[id] ?? 0;
    });
    return { radiusMetres, residents: sum / 100 };
  }
}
