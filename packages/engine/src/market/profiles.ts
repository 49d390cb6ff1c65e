import type { Category } from '@locscore/schema';
import type { DemandKind } from './demand-kinds.js';

/** The demand profile of one category. */
export interface MarketProfileDefinition {
  /** Radius around the point in which demand generators are counted, metres (at most 1,500 m). */
  catchmentMetres: number;
  /** Relative weight of each demand kind (≥ 0; normalised over the kinds the region has). */
  weights: Readonly<Record<DemandKind, number>>;
}

/** Reference catchment (metres) at which {@link HALF_SATURATION} counts are stated: the 10-minute walk. */
export const REFERENCE_CATCHMENT_METRES = 800;

/**
 * Half-saturation constants of the saturating curve `value = x / (x + K)`:
 * the amount at which a driver gives half of its points. Counts are per
 * {@link REFERENCE_CATCHMENT_METRES} circle (2.01 km²) and scale with the
 * catchment's area; `roads` is a distance in metres, used as `K / (K + d)`.
 *
 * `residents`, `households` and `spending` are defaults only: a region with
 * a population layer replaces them with its own medians, measured at load
 * over its address points for each catchment (`calibrateDemand`), so that
 * the region's typical address gets half the points. The defaults are
 * 8,000 residents (4,000 per km², an inner suburb) and 3,500 households in
 * 800 m; `spending` has no meaningful default (its currency is the
 * census's), 3,500 households × 60,000.
 *
 * Reasons for the others: 400 address points in 800 m is a compact urban
 * neighbourhood of detached and semi-detached houses in OSM (dense cores map
 * several thousand); 15 offices, 30 shops and 20 places to eat in 800 m is a
 * neighbourhood high street; 2 schools, 1 college, 4 clinics and 3 parks are
 * what a typical 10-minute walk holds in a city; a major road 250 m away is a
 * block or two off the arterial.
 */
export const HALF_SATURATION: Readonly<Record<DemandKind, number>> = {
  residents: 8_000,
  households: 3_500,
  spending: 210_000_000,
  addresses: 400,
  offices: 15,
  schools: 2,
  universities: 1,
  retail: 30,
  dining: 20,
  healthcare: 4,
  parks: 3,
  roads: 250,
};

const profile = (catchmentMetres: number, weights: Partial<Record<DemandKind, number>>): MarketProfileDefinition => ({
  catchmentMetres,
  weights: {
    residents: 0,
    households: 0,
    spending: 0,
    addresses: 0,
    offices: 0,
    schools: 0,
    universities: 0,
    retail: 0,
    dining: 0,
    healthcare: 0,
    parks: 0,
    roads: 0,
    ...weights,
  },
});

/**
 * Demand profile of each category: catchment and relative weights. The
 * people weights (residents, households, spending) keep each category's
 * former share of residents and census population; reasons per category in
 * `docs/methodology/demand.md`, the others in `docs/methodology.md`
 * ("Market fit"). `addresses` has no weight of its own: it takes the people
 * weights only where a pack has no population layer (`PEOPLE_FALLBACK`).
 *
 * `roads` (nearness to a motorway, trunk, primary or secondary road) stands
 * for passing traffic and visibility, a first-order site factor of
 * storefront retail and services (Ghosh & McLafferty, *Location Strategies
 * for Retail and Service Firms*, 1987, ch. 3; Applebaum 1966): every
 * storefront category weighs it 4. In the backtest it was the driver that
 * best told the sites of real businesses from random addresses in both real
 * packs (`docs/methodology.md`, backtest). Daycare (quiet residential streets,
 * where the backtest found it no help) and children's education keep less.
 */
export const MARKET_PROFILES: Readonly<Record<Category, MarketProfileDefinition>> = {
  coffee: profile(800, { residents: 3, offices: 3, schools: 0.5, universities: 2, retail: 2, dining: 1.5, healthcare: 0.5, parks: 0.5, roads: 4 }),
  'pet-services': profile(1_500, { residents: 1, households: 2.5, spending: 1.5, retail: 1.5, parks: 2, roads: 4 }),
  'children-education': profile(1_500, { residents: 3, households: 1, spending: 1, schools: 3, retail: 1, parks: 1, roads: 1 }),
  'qsr-pizza': profile(1_200, { residents: 2, households: 3, offices: 1, schools: 1, universities: 1.5, retail: 1, dining: 1, roads: 4 }),
  'beauty-salon': profile(800, { residents: 2, spending: 2.5, offices: 2, universities: 0.5, retail: 2.5, dining: 1, healthcare: 0.5, roads: 4 }),
  'gym-fitness': profile(1_200, { residents: 3, spending: 2, offices: 2.5, universities: 1.5, retail: 1, dining: 0.5, parks: 0.5, roads: 4 }),
  'pharmacy-health': profile(1_000, { residents: 4.5, offices: 0.5, retail: 1.5, healthcare: 3, roads: 4 }),
  'bubble-tea-dessert': profile(800, { residents: 1, spending: 1.5, offices: 1, schools: 2, universities: 2.5, retail: 2.5, dining: 2, parks: 1, roads: 4 }),
  'daycare-childcare': profile(1_200, { households: 3, spending: 2.5, offices: 2, schools: 1.5, retail: 0.5, parks: 1.5, roads: 0.5 }),
  'automotive-services': profile(1_500, { households: 2.5, spending: 1, offices: 0.5, retail: 1, roads: 4 }),
  'dry-cleaning': profile(800, { households: 2, spending: 3, offices: 2.5, retail: 1.5, dining: 0.5, roads: 4 }),
  'printing-shipping': profile(1_200, { residents: 1.5, households: 1, offices: 4, schools: 0.5, universities: 1.5, retail: 2, healthcare: 0.5, roads: 4 }),
};
