/**
 * The calibration samples of one region pack: for each category, every real
 * place of the category (a positive) and a seeded sample of points along the
 * pack's named streets (the controls: the candidate sites of the region, by
 * street length), each with the demand features measured around it with
 * the category's own places left out, the competitive supply of the others,
 * and the transit sub-score.
 *
 * Controls are points of the street network rather than address points
 * because what an extract maps as addresses differs from region to region:
 * a national register holds every dwelling (Copenhagen), but an OSM extract
 * whose addresses are mostly tagged on businesses (Helsinki, Vancouver) gives
 * address points that are other storefronts, so "a real place against an
 * address point" would ask a different question in each region. Every
 * extract maps its streets.
 */
import { CATEGORIES, type Category } from '@locscore/schema';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { DEMAND_FEATURES, featureValues } from '../src/market/demand-features.js';
import { MarketIndex } from '../src/market/market-index.js';
import { competitorPressure } from '../src/model/competitor-score.js';
import { transitScoreFromSupply, transitSupply } from '../src/model/transit-score.js';
import { CompetitorIndex } from '../src/places/competitor-index.js';
import type { Place } from '../src/places/place.js';
import { PointIndex } from '../src/places/point-index.js';
import { haversineMetres } from '../src/region/geometry.js';
import type { LatLng, RegionData, Street } from '../src/region/types.js';
import { TransitIndex } from '../src/transit/transit-index.js';

/** Points of the street network sampled per region as controls. */
export const CONTROLS_PER_REGION = 1_500;
/** Seed of the control sample. */
export const CONTROL_SEED = 7;
/** Side of the square blocks of spatial cross-validation, metres: wider than the largest catchment, so a block's sites share little demand with other blocks. */
export const BLOCK_METRES = 2_000;

/** One site of the calibration. */
export interface Sample extends LatLng {
  region: string;
  category: Category;
  /** 1 at a real place of the category, 0 at a control point of the street network. */
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
}

/** A control this near a real place of the category is that place's own site, and is left out of the category's controls. */
export const OWN_SITE_METRES = 15;

/**
 * A seeded sample of points along streets, uniform by length: each street
 * segment is drawn with probability proportional to its great-circle length
 * (xoroshiro128+ of `pure-rand`, as `seededSample`), and the point placed at
 * a uniform fraction along it. The same streets and seed give the same points.
 *
 * @param streets - the pack's named streets
 * @param size - how many points
 * @param seed - 32-bit integer seed
 */
export function streetSample(streets: readonly Street[], size: number, seed: number): LatLng[] {
  const segments: Array<{ from: LatLng; to: LatLng; end: number }> = [];
  let total = 0;
  for (const street of streets) {
    for (const line of street.lines) {
      for (let index = 1; index < line.length; index++) {
        const from = line[index - 1] as LatLng;
        const to = line[index] as LatLng;
        const length = haversineMetres(from, to);
        if (!(length > 0)) continue;
        total += length;
        segments.push({ from, to, end: total });
      }
    }
  }
  if (segments.length === 0) return [];
  const rng = xoroshiro128plus(seed);
  const points: LatLng[] = [];
  for (let drawn = 0; drawn < size; drawn++) {
    const at = (uniformInt(rng, 0, 2 ** 30 - 1) / 2 ** 30) * total;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((segments[middle] as { end: number }).end < at) low = middle + 1;
      else high = middle;
    }
    const { from, to, end } = segments[low] as { from: LatLng; to: LatLng; end: number };
    const start = low === 0 ? 0 : (segments[low - 1] as { end: number }).end;
    const t = end > start ? (at - start) / (end - start) : 0;
    points.push({ lat: from.lat + (to.lat - from.lat) * t, lng: from.lng + (to.lng - from.lng) * t });
  }
  return points;
}

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
  const controls = streetSample(region.streets, CONTROLS_PER_REGION, CONTROL_SEED);
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
    });
  };
  for (const category of CATEGORIES) {
    const own = new PointIndex(competitors.places(category));
    for (const place of competitors.places(category)) add(place, category, 1, place);
    for (const point of controls) if (own.nearest(point, OWN_SITE_METRES) === null) add(point, category, 0, null);
  }
  return samples;
}
