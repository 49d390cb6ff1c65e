/**
 * The calibration samples of one region pack: for each category, every real
 * place of the category (a positive) and a seeded sample of the pack's
 * address points (the controls), each with the demand features measured
 * around it with the category's own places left out, the competitive supply
 * of the others, and the transit sub-score.
 */
import { CATEGORIES, type Category } from '@locscore/schema';
import { DEMAND_FEATURES, featureValues } from '../src/market/demand-features.js';
import { MarketIndex } from '../src/market/market-index.js';
import { competitorPressure } from '../src/model/competitor-score.js';
import { transitScoreFromSupply, transitSupply } from '../src/model/transit-score.js';
import { seededSample } from '../src/percentile/seeded-sample.js';
import { CompetitorIndex } from '../src/places/competitor-index.js';
import type { Place } from '../src/places/place.js';
import { PointIndex } from '../src/places/point-index.js';
import type { LatLng, RegionData } from '../src/region/types.js';
import { TransitIndex } from '../src/transit/transit-index.js';

/** Address points sampled per region as controls. */
export const CONTROLS_PER_REGION = 1_000;
/** Seed of the control sample. */
export const CONTROL_SEED = 7;
/** Side of the square blocks of spatial cross-validation, metres: wider than the largest catchment, so a block's sites share little demand with other blocks. */
export const BLOCK_METRES = 2_000;

/** One site of the calibration. */
export interface Sample extends LatLng {
  region: string;
  category: Category;
  /** 1 at a real place of the category, 0 at a control address point. */
  label: 0 | 1;
  /** Feature values in `DEMAND_FEATURES` order (`featureValues`); an unknown one (no population layer) is NaN. */
  x: number[];
  /** Huff supply of the category's other places within its radius (`competitorPressure`). */
  supply: number;
  /** The transit sub-score, 0-10, not rounded. */
  transit: number;
  /** Mapped places of every kind within 300 m, the category's own left out (the naive baseline). */
  places300: number;
  /** The spatial block (a `BLOCK_METRES` square of a global grid). */
  block: string;
  /** A control that is a mapped place's own address (a place within {@link STOREFRONT_METRES}); false at positives. */
  storefront: boolean;
}

/** An address point with a mapped place this near is that place's own address: a storefront, not a typical address. */
export const STOREFRONT_METRES = 15;

/** The global grid block of a point: rows of `BLOCK_METRES` of latitude, columns of `BLOCK_METRES` at the row's latitude. */
export function blockOf(point: LatLng): string {
  const row = Math.floor((point.lat * 111_195) / BLOCK_METRES);
  const metresPerDegree = 111_195 * Math.cos((((row + 0.5) * BLOCK_METRES) / 111_195) * (Math.PI / 180));
  return `${row}:${Math.floor((point.lng * metresPerDegree) / BLOCK_METRES)}`;
}

/**
 * Every sample of one region: its places and its controls, per category.
 *
 * @param name - the region's name
 * @param region - the loaded pack
 */
export function regionSamples(name: string, region: RegionData): Sample[] {
  const market = new MarketIndex(region);
  const transit = new TransitIndex(region.stations, region.busStops);
  const competitors = new CompetitorIndex(region.pois);
  const controls = seededSample(region.addresses, CONTROLS_PER_REGION, CONTROL_SEED);
  const places = new PointIndex(region.pois);
  const transitAt = new Map<LatLng, number>();
  const supplyOf = (point: LatLng): number => {
    let supply = transitAt.get(point);
    if (supply === undefined) {
      supply = transitSupply(transit.access(point));
      transitAt.set(point, supply);
    }
    return supply;
  };
  const samples: Sample[] = [];
  const add = (point: LatLng, category: Category, label: 0 | 1, own: Place | null): void => {
    const search = competitors.search(point, category);
    const others = own === null ? search.competitors : search.competitors.filter((found) => found.place !== own);
    const supplyNear = supplyOf(point);
    const site = market.measure(point, category, supplyNear);
    const values = featureValues(site.amounts);
    samples.push({
      lat: point.lat,
      lng: point.lng,
      region: name,
      category,
      label,
      x: DEMAND_FEATURES.map((feature) => values[feature] ?? Number.NaN),
      supply: competitorPressure(others, search.radiusMetres, search.ratingPrior),
      transit: transitScoreFromSupply(supplyNear),
      places300: site.amounts.places,
      block: `${name}/${blockOf(point)}`,
      storefront: label === 0 && places.nearest(point, STOREFRONT_METRES) !== null,
    });
  };
  for (const category of CATEGORIES) {
    for (const place of competitors.places(category)) add(place, category, 1, place);
    for (const point of controls) add(point, category, 0, null);
  }
  return samples;
}
