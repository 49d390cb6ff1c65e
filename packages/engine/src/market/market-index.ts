import type { Category } from '@locscore/schema';
import { PointIndex } from '../places/point-index.js';
import { PopulationIndex, type PopulationWithin } from '../population/population-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { CensusArea, LatLng, PopulationPoint, RegionData, Road } from '../region/types.js';
import { type DemandFeature, featureValues, type SiteAmounts } from './demand-features.js';
import { DEMAND_MODEL, type DemandLogit, demandLogit, demandScore, type FittedDemandModel } from './demand-model.js';
import { DemandPoints } from './demand-points.js';
import { CATCHMENT_METRES } from './profiles.js';

/** Spacing (metres) of the points a major road is sampled at; the nearest-road distance is exact to half of it. */
export const ROAD_SAMPLE_METRES = 50;
/** Farthest major road the market model looks for, metres; beyond it the road feature is 0. */
export const ROAD_SEARCH_METRES = 3_000;

interface RoadSample extends LatLng {
  road: Road;
}

/** Splits each road polyline into points at most {@link ROAD_SAMPLE_METRES} apart (vertices kept), so that a point index answers "nearest major road". */
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

/** What the market model measured and concluded at one site for one category. */
export interface MarketSearch extends DemandLogit {
  category: Category;
  catchmentMetres: number;
  /** The physical amounts around the site (the category's own places left out). */
  amounts: SiteAmounts;
  /** The feature values the model read (`featureValues`). */
  values: Record<DemandFeature, number | null>;
  /** Demand, 0-1: `demandScore(logit) / 10`. */
  fit: number;
  /** The nearest major road, when one is within {@link ROAD_SEARCH_METRES}. */
  nearestRoad: { road: Road; distanceMetres: number } | null;
  /** Residents, households and income within the catchment; null when the region has no population layer. */
  population: PopulationWithin | null;
}

/** The population points of a region: its population layer, else (packs made by hand) its census areas each at its point, else none. */
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
 * Spatial indexes over a region's demand generators (POIs with their demand
 * kinds and categories, sampled major roads, the population layer), built
 * once per region. Nothing is measured over the region as a whole: a site's
 * demand depends only on what lies within its catchment, so a site scores
 * the same in any pack that covers its trade area.
 */
export class MarketIndex {
  private readonly points: DemandPoints;
  private readonly roads: PointIndex<RoadSample> | null;
  private readonly population: PopulationIndex | null;
  private readonly model: FittedDemandModel;

  /**
   * @param region - the region's layers (pois, roads, population, else census, are read)
   * @param model - the fitted demand model
   * @default model {@link DEMAND_MODEL}
   */
  constructor(region: Pick<RegionData, 'pois' | 'roads' | 'census'> & Partial<Pick<RegionData, 'population'>>, model: FittedDemandModel = DEMAND_MODEL) {
    this.points = new DemandPoints(region.pois);
    this.roads = region.roads.length === 0 ? null : new PointIndex(sampleRoads(region.roads));
    const people = populationPoints(region);
    this.population = people.length === 0 ? null : new PopulationIndex(people);
    this.model = model;
  }

  /** Whether the region has a population layer (else residents are unknown). */
  get hasPopulation(): boolean {
    return this.population !== null;
  }

  /**
   * The amounts around `point` for `category`: its catchment's residents and
   * mapped places (the category's own places left out), the nearest major road.
   *
   * @param point - decimal degrees
   * @param category - the franchise category (its catchment, its places left out)
   * @param transitSupply - weighted weekly departures near the site (`transitSupply`)
   */
  measure(point: LatLng, category: Category, transitSupply: number): Omit<MarketSearch, keyof DemandLogit | 'fit' | 'values' | 'category'> {
    const catchmentMetres = CATCHMENT_METRES[category];
    const counts = this.points.count(point, catchmentMetres, category);
    const found = this.roads === null ? null : this.roads.nearest(point, ROAD_SEARCH_METRES);
    const nearestRoad = found === null ? null : { road: found.item.road, distanceMetres: found.distanceMetres };
    const population = this.population === null ? null : this.population.within(point, catchmentMetres);
    const amounts: SiteAmounts = { ...counts, residents: population?.residents ?? null, roadMetres: nearestRoad?.distanceMetres ?? null, transitSupply };
    return { catchmentMetres, amounts, nearestRoad, population };
  }

  /**
   * Demand at `point` for `category` (`docs/methodology.md`, Demand): the
   * fitted logit over the site's feature values and its demand, 0-1.
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   * @param transitSupply - weighted weekly departures near the site
   */
  search(point: LatLng, category: Category, transitSupply: number): MarketSearch {
    const measured = this.measure(point, category, transitSupply);
    const values = featureValues(measured.amounts);
    const logit = demandLogit(category, values, this.model);
    return { ...measured, ...logit, category, values, fit: demandScore(logit.logit) / 10 };
  }
}
