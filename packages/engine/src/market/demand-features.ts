import type { PlaceCounts } from './demand-points.js';

/**
 * The physical quantities the demand model reads at a site, in the order of
 * the fitted weights: residents in the catchment; the mapped places of each
 * demand kind in the catchment; every mapped place within 300 m and 100 m
 * (foot traffic, the street front); the nearness of the nearest business (is
 * the site among other businesses at all), of the third nearest (a row of
 * shops) and of the tenth (a commercial street); nearness to a major road; and the
 * weekly transit departures near the door. None is ranked or rescaled per
 * pack.
 */
export const DEMAND_FEATURES = [
  'residents',
  'offices',
  'schools',
  'universities',
  'retail',
  'dining',
  'healthcare',
  'parks',
  'attractors',
  'motoring',
  'places',
  'frontage',
  'adjacency',
  'cluster',
  'district',
  'roads',
  'transit',
] as const;

/** One of the {@link DEMAND_FEATURES}. */
export type DemandFeature = (typeof DEMAND_FEATURES)[number];

/** What is measured around a site, in physical units. */
export interface SiteAmounts extends PlaceCounts {
  /** Residents within the catchment (the pack's population layer); null when the pack has none. */
  residents: number | null;
  /** Great-circle distance to the nearest motorway, trunk, primary or secondary road, metres; null when none is within reach. */
  roadMetres: number | null;
  /** Weighted weekly departures near the site (`transitSupply`, the transit sub-score's input). */
  transitSupply: number;
}

/** Residents per unit of the residents feature: `ln(1 + residents / 1,000)`. */
export const RESIDENTS_UNIT = 1_000;
/**
 * Decay length of the road feature, metres: `exp(−d / 150)`, 1 on the road,
 * 0.51 a block (100 m) away, 0.13 at 300 m: passing traffic and visibility
 * are a storefront's on the road itself and fade within a block or two.
 */
export const ROAD_DECAY_METRES = 150;
/**
 * Distance within which the nearest other mapped place counts as adjacent,
 * metres: the same building or the next one, or the pavement in front of
 * them. A site given as a point on the street reads the same as one given as
 * its building (a geocode interpolated along the street, a street-sampled
 * site): the half-width of a street and a setback are not distance from
 * other businesses.
 */
export const ADJACENT_METRES = 20;
/**
 * Decay length of the adjacency feature beyond {@link ADJACENT_METRES},
 * metres: `exp(−max(0, d − 20) / 30)` of the distance `d` to the nearest
 * other mapped place, 1 next door, 0.37 at 50 m, 0.01 at 160 m: a shop opens
 * among other shops, seldom alone.
 */
export const ADJACENCY_DECAY_METRES = 30;
/**
 * Decay length of the cluster feature beyond {@link ADJACENT_METRES},
 * metres: `exp(−max(0, d₃ − 20) / 60)` of the distance `d₃` to the third
 * nearest other business, 1 when three are within 20 m, 0.37 at 80 m: a
 * row of shops, not one shop beside the site. Twice the adjacency decay, as
 * the third shop of a row stands a few doors further than the first.
 */
export const CLUSTER_DECAY_METRES = 60;
/**
 * Decay length of the district feature beyond {@link ADJACENT_METRES},
 * metres: `exp(−max(0, d₁₀ − 20) / 120)` of the distance `d₁₀` to the tenth
 * nearest other business, 0.37 at 140 m, 0.1 at 300 m (beyond it, 0): a
 * commercial street or centre, not a small parade. Twice the cluster decay.
 */
export const DISTRICT_DECAY_METRES = 120;
/** Transit supply per unit of the transit feature (one bus route both ways, hourly): `ln(1 + S / 100)`, as the transit sub-score's log scale. */
export const TRANSIT_UNIT = 100;

/**
 * The model's value of each feature, from the amounts by fixed functions
 * shared by every pack: counts and people on a log scale
 * (`ln(1 + x)`, diminishing returns, as Transit Score treats service),
 * distances (to a major road, to the nearest place) as a decay. Each is
 * non-decreasing in demand (non-increasing in distance). `residents` is null
 * when unknown.
 *
 * @param amounts - the site's amounts
 * @returns the feature values
 */
export function featureValues(amounts: SiteAmounts): Record<DemandFeature, number | null> {
  const count = (value: number): number => Math.log1p(Math.max(0, Number.isFinite(value) ? value : 0));
  return {
    residents: amounts.residents === null ? null : count(amounts.residents / RESIDENTS_UNIT),
    offices: count(amounts.offices),
    schools: count(amounts.schools),
    universities: count(amounts.universities),
    retail: count(amounts.retail),
    dining: count(amounts.dining),
    healthcare: count(amounts.healthcare),
    parks: count(amounts.parks),
    attractors: count(amounts.attractors),
    motoring: count(amounts.motoring),
    places: count(amounts.places),
    frontage: count(amounts.frontage),
    adjacency: decay(beyondAdjacent(amounts.nearestPlaceMetres), ADJACENCY_DECAY_METRES),
    cluster: decay(beyondAdjacent(amounts.clusterMetres), CLUSTER_DECAY_METRES),
    district: decay(beyondAdjacent(amounts.districtMetres), DISTRICT_DECAY_METRES),
    roads: decay(amounts.roadMetres, ROAD_DECAY_METRES),
    transit: count(amounts.transitSupply / TRANSIT_UNIT),
  };
}

/** Metres beyond {@link ADJACENT_METRES} (0 within it), null when unknown. */
const beyondAdjacent = (metres: number | null): number | null => (metres === null ? null : Math.max(0, metres - ADJACENT_METRES));

/** `exp(−metres / length)`, 0 when nothing is within reach (null) or the distance is not a number ≥ 0. */
function decay(metres: number | null, length: number): number {
  return metres === null || !(metres >= 0) ? 0 : Math.exp(-metres / length);
}
