import { CATEGORIES, type Category } from '@locscore/schema';
import type { LatLng, Poi } from '../region/types.js';
import { CATEGORY_DEFINITIONS } from './categories.js';
import { type BrandCount, countBrands, isChain, type Place, placeOf, validRating } from './place.js';
import { PointIndex } from './point-index.js';
import { type RatingPrior, ratingPrior, shrinkRating } from './rating-prior.js';
import { groupSamePlaces } from './same-place.js';

/** A competing place found near a point. */
export interface NearbyCompetitor {
  /** The place's name, else its brand, else `Unnamed <label>`. */
  name: string;
  /** 0-5 from the pack's ratings source, else null. */
  rating: number | null;
  /** Reviews behind `rating`, where the ratings source gives them. */
  ratingCount: number | null;
  /** `rating` shrunk toward the category's region mean by its review count ({@link shrinkRating}); the mean when unrated. */
  shrunkRating: number;
  /** The brand, or null. */
  brand: string | null;
  /** Whether the brand is a chain (`isChain`). */
  chain: boolean;
  /** Great-circle distance from the point to the place's nearest mapping, metres (not rounded). */
  distanceMetres: number;
  /** The place (all its OSM mappings). */
  place: Place;
  /** The place's representative POI. */
  poi: Poi;
}

/** Competitors of one category around one point. */
export interface CompetitorSearch {
  category: Category;
  /** The category's competitor radius, metres. */
  radiusMetres: number;
  /** Every competitor within the radius, nearest first; a place mapped several times is listed once. */
  competitors: NearbyCompetitor[];
  /** `competitors.length`. */
  count: number;
  /** Competitors that are chain locations. */
  chainCount: number;
  /** Plain mean rating of the competitors that have one, 0-5; null when none has. */
  averageRating: number | null;
  /** The prior `shrunkRating` is shrunk toward: the category's region mean and the prior weight. */
  ratingPrior: RatingPrior;
}

/** The places of one category in the whole region. */
export interface CategoryPlaces {
  category: Category;
  /** Distinct places, after joining mappings of one place. */
  places: number;
  /** OSM objects of the category (before joining). */
  mappedObjects: number;
  /** Places of each brand, most places first (then by name). */
  brands: BrandCount[];
  /** Places that are chain locations. */
  chainPlaces: number;
  /** Places with a known rating. */
  ratedPlaces: number;
  /** The category's rating prior. */
  ratingPrior: RatingPrior;
}

/** What the index holds for one category. */
interface CategoryLayer {
  /** Every mapping (POI) of every place. */
  index: PointIndex<Poi>;
  /** The place each mapping belongs to. */
  placeOfMapping: ReadonlyMap<Poi, Place>;
  /** The places that are chain locations. */
  chain: ReadonlySet<Place>;
  /** Every distinct place, in pack order. */
  places: readonly Place[];
  summary: CategoryPlaces;
}

/**
 * One spatial index per category over a region's places, built once: the
 * category's POIs are joined into places (a node, its building and an
 * entrance mapped separately count once, `groupSamePlaces`), brands are
 * counted and chains marked, the category's rating prior is taken, and every
 * mapping goes into a kdbush tree. A place is as far as its nearest mapping,
 * so another mapping of a place never moves it away; queries touch only
 * nearby places.
 */
export class CompetitorIndex {
  private readonly byCategory: Record<Category, CategoryLayer>;

  /** @param pois - the region's POIs */
  constructor(pois: readonly Poi[]) {
    const buckets = Object.fromEntries(CATEGORIES.map((category) => [category, [] as Poi[]])) as Record<Category, Poi[]>;
    for (const poi of pois) {
      for (const category of CATEGORIES) {
        if (CATEGORY_DEFINITIONS[category].matches(poi.tags)) buckets[category].push(poi);
      }
    }
    const regionRatings = pois.flatMap((poi) => validRating(poi.rating) ?? []);
    this.byCategory = Object.fromEntries(CATEGORIES.map((category) => [category, categoryLayer(category, buckets[category], regionRatings)])) as Record<
      Category,
      CategoryLayer
    >;
  }

  /** Number of distinct places of `category` in the region. */
  total(category: Category): number {
    return this.byCategory[category].summary.places;
  }

  /**
   * The distinct places of `category` in the whole region (a place mapped several times once), in pack order.
   *
   * @param category - the franchise category
   */
  places(category: Category): readonly Place[] {
    return this.byCategory[category].places;
  }

  /**
   * The places of `category` in the whole region: counts, brands, chains, rating prior.
   *
   * @param category - the franchise category
   */
  summary(category: Category): CategoryPlaces {
    return this.byCategory[category].summary;
  }

  /**
   * The nearest place of `category` within `maxMetres` of `point`, or null.
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   * @param maxMetres - search radius, metres
   */
  nearest(point: LatLng, category: Category, maxMetres: number): NearbyCompetitor | null {
    const layer = this.byCategory[category];
    const found = layer.index.nearest(point, maxMetres);
    const place = found === null ? undefined : layer.placeOfMapping.get(found.item);
    return found === null || place === undefined ? null : this.competitor(category, place, found.distanceMetres);
  }

  /**
   * Competitors of `category` within its radius ({@link CATEGORY_DEFINITIONS}) of `point`.
   *
   * @param point - the scored point, decimal degrees
   * @param category - the franchise category
   * @param radiusMetres - override of the category radius, metres (tests)
   */
  search(point: LatLng, category: Category, radiusMetres = CATEGORY_DEFINITIONS[category].radiusMetres): CompetitorSearch {
    const layer = this.byCategory[category];
    // Mappings come nearest first: a place's first is its nearest.
    const nearestMapping = new Map<Place, number>();
    for (const { item, distanceMetres } of layer.index.within(point, radiusMetres)) {
      const place = layer.placeOfMapping.get(item);
      if (place !== undefined && !nearestMapping.has(place)) nearestMapping.set(place, distanceMetres);
    }
    const competitors = [...nearestMapping].map(([place, distanceMetres]) => this.competitor(category, place, distanceMetres));
    const rated = competitors.flatMap((competitor) => competitor.rating ?? []);
    return {
      category,
      radiusMetres,
      competitors,
      count: competitors.length,
      chainCount: competitors.filter((competitor) => competitor.chain).length,
      averageRating: rated.length === 0 ? null : rated.reduce((sum, rating) => sum + rating, 0) / rated.length,
      ratingPrior: this.byCategory[category].summary.ratingPrior,
    };
  }

  private competitor(category: Category, place: Place, distanceMetres: number): NearbyCompetitor {
    const layer = this.byCategory[category];
    return {
      name: place.name ?? `Unnamed ${CATEGORY_DEFINITIONS[category].label.toLowerCase()}`,
      rating: place.rating,
      ratingCount: place.ratingCount,
      shrunkRating: shrinkRating(place.rating, place.ratingCount, layer.summary.ratingPrior),
      brand: place.brand,
      chain: layer.chain.has(place),
      distanceMetres,
      place,
      poi: place.poi,
    };
  }
}

/** Joins a category's POIs into places and indexes them, with brand counts, chains and the rating prior. */
function categoryLayer(category: Category, pois: readonly Poi[], regionRatings: readonly number[]): CategoryLayer {
  const places = groupSamePlaces(pois).map(placeOf);
  const { brands, keyOf } = countBrands(places);
  const chain = new Set<Place>();
  for (const place of places) {
    const key = keyOf.get(place);
    const count = key === undefined ? undefined : brands.get(key);
    if (!isChain(place, count)) continue;
    chain.add(place);
    if (count !== undefined) count.chain = true;
  }
  const ratings = places.flatMap((place) => place.rating ?? []);
  const placeOfMapping = new Map<Poi, Place>();
  for (const place of places) for (const mapping of place.mappings) placeOfMapping.set(mapping, place);
  return {
    index: new PointIndex(pois),
    placeOfMapping,
    chain,
    places,
    summary: {
      category,
      places: places.length,
      mappedObjects: pois.length,
      brands: [...brands.values()].sort((a, b) => b.places - a.places || a.brand.localeCompare(b.brand, 'en')),
      chainPlaces: chain.size,
      ratedPlaces: ratings.length,
      ratingPrior: ratingPrior(ratings, regionRatings),
    },
  };
}
