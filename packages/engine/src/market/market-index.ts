import type { Category } from '@locscore/schema';
import { PointIndex } from '../places/point-index.js';
import { PopulationIndex, type PopulationWithin } from '../population/population-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { CensusArea, LatLng, PopulationPoint, RegionData, Road } from '../region/types.js';
import { CALIBRATION_SAMPLES, calibrateDemand, percentileOf } from './demand-calibration.js';
import { DemandPoints } from './demand-points.js';
import { computeMarketFit, type DemandAmounts, type DemandScales, type MarketFit } from './market-fit.js';
import { MARKET_PROFILES } from './profiles.js';

/** Spacing (metres) of the points a major road is sampled at; the nearest-road distance is exact to half of it. */
export const ROAD_SAMPLE_METRES = 50;
/** Farthest major road the market model looks for, metres; beyond it the road driver is 0. */
export const ROAD_SEARCH_METRES = 3_000;

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
  /** The weighted mean of the drivers' values, 0-1, before it is ranked among the region's sites (`fit` is its rank). */
  profileFit: number;
  /** The nearest major road, when one is within {@link ROAD_SEARCH_METRES}. */
  nearestRoad: { road: Road; distanceMetres: number } | null;
  /** Residents, households and income within the catchment; null when the region has no population layer (then `addresses` stands in). */
  population: PopulationWithin | null;
}

/** Options of {@link MarketIndex}. */
export interface MarketIndexOptions {
  /** The region's demand distribution by catchment radius; default: measured on the region (`calibrateDemand`). */
  scales?: ReadonlyMap<number, DemandScales>;
  /** The region's sorted profile fits per category (`MarketIndex.fitRanks`); default: measured on the region. */
  fitRanks?: Readonly<Partial<Record<Category, Float64Array>>>;
}

/**
 * The population points of a region: its population layer, else (packs made
 * by hand) its census areas each at its point, else none.
 */
function populationPoints(region: Pick<RegionData, 'census'> & Partial<Pick<RegionData, 'population'>>): readonly PopulationPoint[] {
  if (region.population !== undefined && region.population.length > 0) return region.population;
  return region.census.map((area: CensusArea) => {
    const point: PopulationPoint = { lat: area.lat, lng: area.lng, residents: area.population, area: area.id };
    if (area.households !== undefined) point.households = area.households;
    if (area.medianHouseholdIncome !== undefined) point.income = area.medianHouseholdIncome;
    return point;
  });
}

/**
 * Spatial indexes over a region's demand generators (address points and POIs
 * with their demand kinds in one index, sampled major roads, the population
 * layer) and the region's demand distribution at each catchment radius,
 * built once per region.
 */
export class MarketIndex {
  private readonly points: DemandPoints;
  private readonly roads: PointIndex<RoadSample> | null;
  private readonly population: PopulationIndex | null;
  /** The region's demand distribution by catchment radius (`calibrateDemand`). */
  readonly scales: ReadonlyMap<number, DemandScales>;
  /**
   * Per category, the profile fits of the region's sampled sites, sorted:
   * a site's demand sub-score is its profile fit's rank among them.
   * Absent (no sites): the profile fit is used as it is.
   */
  readonly fitRanks: Readonly<Partial<Record<Category, Float64Array>>>;

  /**
   * @param region - the region's layers (addresses, pois, roads, population, else census, are read)
   * @param options - a fixed calibration, for tests
   */
  constructor(region: Pick<RegionData, 'addresses' | 'pois' | 'roads' | 'census'> & Partial<Pick<RegionData, 'population'>>, options: MarketIndexOptions = {}) {
    this.points = new DemandPoints(region.addresses, region.pois);
    this.roads = region.roads.length === 0 ? null : new PointIndex(sampleRoads(region.roads));
    const people = populationPoints(region);
    this.population = people.length === 0 ? null : new PopulationIndex(people);
    const radii = Object.values(MARKET_PROFILES).map((profile) => profile.catchmentMetres);
    const sites = region.addresses.length > 0 ? region.addresses : people;
    this.scales = options.scales ?? calibrateDemand((point, radius) => this.measure(point, radius).amounts, sites, radii);
    this.fitRanks = options.fitRanks ?? this.rankFits(sites);
  }

  /** The sorted profile fits of every category at the sampled sites (one measurement per site and catchment radius). */
  private rankFits(sites: readonly LatLng[]): Partial<Record<Category, Float64Array>> {
    const step = Math.max(1, Math.ceil(sites.length / CALIBRATION_SAMPLES));
    const sampled = sites.filter((_, index) => index % step === 0);
    if (sampled.length === 0) return {};
    const byRadius = new Map<number, DemandAmounts[]>();
    const ranks: Partial<Record<Category, Float64Array>> = {};
    for (const category of Object.keys(MARKET_PROFILES) as Category[]) {
      const { catchmentMetres } = MARKET_PROFILES[category];
      let amounts = byRadius.get(catchmentMetres);
      if (amounts === undefined) {
        amounts = sampled.map((site) => this.measure(site, catchmentMetres).amounts);
        byRadius.set(catchmentMetres, amounts);
      }
      const scales = this.scales.get(catchmentMetres);
      ranks[category] = Float64Array.from(amounts, (found) => computeMarketFit(category, found, scales).fit).sort();
    }
    return ranks;
  }

  /**
   * The raw demand around `point` in `catchmentMetres`, the nearest major
   * road and the population within.
   *
   * @param point - decimal degrees
   * @param catchmentMetres - radius for the counts, metres
   */
  measure(point: LatLng, catchmentMetres: number): { amounts: DemandAmounts; nearestRoad: MarketSearch['nearestRoad']; population: PopulationWithin | null } {
    const amounts: DemandAmounts = this.points.count(point, catchmentMetres);
    let nearestRoad: MarketSearch['nearestRoad'] = null;
    if (this.roads !== null) {
      const found = this.roads.nearest(point, ROAD_SEARCH_METRES);
      nearestRoad = found === null ? null : { road: found.item.road, distanceMetres: found.distanceMetres };
      amounts.roads = nearestRoad === null ? null : nearestRoad.distanceMetres;
    }
    const population = this.population === null ? null : this.population.within(point, catchmentMetres);
    if (population !== null) {
      amounts.residents = population.residents;
      if (population.households !== null) amounts.households = population.households;
      if (population.spending !== null) amounts.spending = population.spending;
    }
    return { amounts, nearestRoad, population };
  }

  /**
   * Market fit of `point` for `category`: the profile fit
   * ({@link computeMarketFit} over {@link MarketIndex.measure}, each driver
   * a percentile of the region's sites) ranked among the region's sites
   * ({@link MarketIndex.fitRanks}), so that the demand sub-score reads as
   * "more demand for this category than at x % of the region's addresses".
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   */
  search(point: LatLng, category: Category): MarketSearch {
    const { catchmentMetres } = MARKET_PROFILES[category];
    const { amounts, nearestRoad, population } = this.measure(point, catchmentMetres);
    const profile = computeMarketFit(category, amounts, this.scales.get(catchmentMetres));
    const ranks = this.fitRanks[category];
    // The rank: a site with no demand at all stays at 0 whatever its ties.
    const fit = ranks === undefined ? profile.fit : profile.fit > 0 ? percentileOf(ranks, profile.fit) : 0;
    return { ...profile, fit, profileFit: profile.fit, nearestRoad, population };
  }
}
