import type { Category } from '@locscore/schema';
import { PointIndex } from '../places/point-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { CensusArea, LatLng, RegionData, Road } from '../region/types.js';
import { DemandPoints } from './demand-points.js';
import { computeMarketFit, type DemandAmounts, type MarketFit } from './market-fit.js';
import { MARKET_PROFILES } from './profiles.js';

/** Spacing (metres) of the points a major road is sampled at; the nearest-road distance is exact to half of it. */
export const ROAD_SAMPLE_METRES = 50;
/** Farthest major road the market model looks for, metres; beyond it the road driver is 0. */
export const ROAD_SEARCH_METRES = 3_000;
/** Nearest census area considered, metres (its representative point). */
export const CENSUS_SEARCH_METRES = 3_000;
/** Radius (metres) whose census population is summed when an area has no land area. */
export const CENSUS_FALLBACK_METRES = 1_000;

interface RoadSample extends LatLng {
  road: Road;
}

/**
 * Splits each road polyline into points at most {@link ROAD_SAMPLE_METRES}
 * apart (vertices kept), so that a point index answers "nearest major road".
 */
function sampleRoads(roads: readonly Road[]): RoadSample[] {
  const samples: RoadSample[] = [];
  for (const road of roads) {
    road.points.forEach((point, index) => {
      samples.push({ lat: point.lat, lng: point.lng, road });
      const next = road.points[index + 1];
      if (next === undefined) return;
      const steps = Math.ceil(haversineMetres(point, next) / ROAD_SAMPLE_METRES);
      for (let step = 1; step < steps; step++) {
        const t = step / steps;
        samples.push({ lat: point.lat + (next.lat - point.lat) * t, lng: point.lng + (next.lng - point.lng) * t, road });
      }
    });
  }
  return samples;
}

/** What the market model found around one point, ready for insights. */
export interface MarketSearch extends MarketFit {
  /** The nearest major road, when one is within {@link ROAD_SEARCH_METRES}. */
  nearestRoad: { road: Road; distanceMetres: number } | null;
}

/**
 * Spatial indexes over a region's demand generators (address points and POIs
 * with their demand kinds in one index, sampled major roads, census areas),
 * built once per region.
 */
export class MarketIndex {
  private readonly points: DemandPoints;
  private readonly roads: PointIndex<RoadSample> | null;
  private readonly census: PointIndex<CensusArea> | null;

  /** @param region - the region's layers (addresses, pois, roads, census are read) */
  constructor(region: Pick<RegionData, 'addresses' | 'pois' | 'roads' | 'census'>) {
    this.points = new DemandPoints(region.addresses, region.pois);
    this.roads = region.roads.length === 0 ? null : new PointIndex(sampleRoads(region.roads));
    this.census = region.census.length === 0 ? null : new PointIndex(region.census);
  }

  /**
   * The raw demand around `point` in `catchmentMetres`, and the nearest major road.
   *
   * @param point - decimal degrees
   * @param catchmentMetres - radius for the counts, metres
   */
  measure(point: LatLng, catchmentMetres: number): { amounts: DemandAmounts; nearestRoad: MarketSearch['nearestRoad'] } {
    const amounts: DemandAmounts = this.points.count(point, catchmentMetres);
    let nearestRoad: MarketSearch['nearestRoad'] = null;
    if (this.roads !== null) {
      const found = this.roads.nearest(point, ROAD_SEARCH_METRES);
      nearestRoad = found === null ? null : { road: found.item.road, distanceMetres: found.distanceMetres };
      amounts.roads = nearestRoad === null ? null : nearestRoad.distanceMetres;
    }
    if (this.census !== null) amounts.population = this.populationDensity(point);
    return { amounts, nearestRoad };
  }

  /**
   * Market fit of `point` for `category` ({@link computeMarketFit} over {@link MarketIndex.measure}).
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   */
  search(point: LatLng, category: Category): MarketSearch {
    const { amounts, nearestRoad } = this.measure(point, MARKET_PROFILES[category].catchmentMetres);
    return { ...computeMarketFit(category, amounts), nearestRoad };
  }

  /**
   * Residents per km² at `point`: the nearest census area's population over its
   * land area; when it has no land area, the population of the areas within
   * {@link CENSUS_FALLBACK_METRES} over that circle's area; 0 when no area is
   * within {@link CENSUS_SEARCH_METRES}.
   */
  private populationDensity(point: LatLng): number {
    if (this.census === null) return 0;
    const nearest = this.census.nearest(point, CENSUS_SEARCH_METRES);
    if (nearest === null) return 0;
    const { population, landAreaKm2 } = nearest.item;
    if (landAreaKm2 !== undefined && landAreaKm2 > 0) return Math.max(0, population) / landAreaKm2;
    const circleKm2 = Math.PI * (CENSUS_FALLBACK_METRES / 1000) ** 2;
    const total = this.census.within(point, CENSUS_FALLBACK_METRES).reduce((sum, { item }) => sum + Math.max(0, item.population), 0);
    return total / circleKm2;
  }
}
