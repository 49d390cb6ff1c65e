import { CATEGORIES, type Category } from '@locscore/schema';
import type { LatLng, Poi } from '../region/types.js';
import { CATEGORY_DEFINITIONS } from './categories.js';
import { PointIndex } from './point-index.js';

/** A competing place found near a point. */
export interface NearbyCompetitor {
  /** The POI's `name`, else its `brand`, else `Unnamed <label>`. */
  name: string;
  /** 0-5 from the pack's ratings source, else null. */
  rating: number | null;
  /** Great-circle distance from the point, metres (not rounded). */
  distanceMetres: number;
  /** The POI it came from. */
  poi: Poi;
}

/** Competitors of one category around one point. */
export interface CompetitorSearch {
  category: Category;
  /** The category's competitor radius, metres. */
  radiusMetres: number;
  /** Every competitor within the radius, nearest first. */
  competitors: NearbyCompetitor[];
  /** `competitors.length`. */
  count: number;
  /** Mean rating of the competitors that have one, 0-5; null when none has. */
  averageRating: number | null;
}

/** Display name of a competing POI: `name`, else `brand`, else `Unnamed <label>`. */
function competitorName(poi: Poi, label: string): string {
  const name = poi.name?.trim() || poi.tags.name?.trim() || poi.tags.brand?.trim();
  return name !== undefined && name !== '' ? name : `Unnamed ${label.toLowerCase()}`;
}

/**
 * One spatial index per category over a region's POIs, built once (a single
 * pass over the POIs at creation); queries touch only nearby points.
 */
export class CompetitorIndex {
  private readonly byCategory: Record<Category, PointIndex<Poi>>;

  /** @param pois - the region's POIs */
  constructor(pois: readonly Poi[]) {
    const buckets = Object.fromEntries(CATEGORIES.map((category) => [category, [] as Poi[]])) as Record<Category, Poi[]>;
    for (const poi of pois) {
      for (const category of CATEGORIES) {
        if (CATEGORY_DEFINITIONS[category].matches(poi.tags)) buckets[category].push(poi);
      }
    }
    this.byCategory = Object.fromEntries(
      CATEGORIES.map((category) => [category, new PointIndex(buckets[category])]),
    ) as Record<Category, PointIndex<Poi>>;
  }

  /** Number of places of `category` in the region. */
  total(category: Category): number {
    return this.byCategory[category].size;
  }

  /**
   * The nearest place of `category` within `maxMetres` of `point`, or null.
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   * @param maxMetres - search radius, metres
   */
  nearest(point: LatLng, category: Category, maxMetres: number): NearbyCompetitor | null {
    const found = this.byCategory[category].nearest(point, maxMetres);
    if (found === null) return null;
    return {
      name: competitorName(found.item, CATEGORY_DEFINITIONS[category].label),
      rating: validRating(found.item.rating),
      distanceMetres: found.distanceMetres,
      poi: found.item,
    };
  }

  /**
   * Competitors of `category` within its radius ({@link CATEGORY_DEFINITIONS}) of `point`.
   *
   * @param point - the scored point, decimal degrees
   * @param category - the franchise category
   * @param radiusMetres - override of the category radius, metres (tests)
   */
  search(point: LatLng, category: Category, radiusMetres = CATEGORY_DEFINITIONS[category].radiusMetres): CompetitorSearch {
    const { label } = CATEGORY_DEFINITIONS[category];
    const competitors = this.byCategory[category].within(point, radiusMetres).map(({ item, distanceMetres }) => ({
      name: competitorName(item, label),
      rating: validRating(item.rating),
      distanceMetres,
      poi: item,
    }));
    const rated = competitors.flatMap((competitor) => (competitor.rating === null ? [] : [competitor.rating]));
    return {
      category,
      radiusMetres,
      competitors,
      count: competitors.length,
      averageRating: rated.length === 0 ? null : rated.reduce((sum, rating) => sum + rating, 0) / rated.length,
    };
  }
}

/** A rating in 0-5, else null (a malformed pack value never reaches the result). */
function validRating(rating: number | null | undefined): number | null {
  return typeof rating === 'number' && Number.isFinite(rating) && rating >= 0 && rating <= 5 ? rating : null;
}
