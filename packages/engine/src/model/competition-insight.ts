import type { Insight } from '@locscore/schema';
import type { CompetitorSearch, NearbyCompetitor } from '../places/competitor-index.js';
import { metres } from './insight-text.js';
import { countNoun } from './plural.js';
import { formatWholeNumber } from './whole-number.js';

/** Most brands named in the chain sentence. */
const NAMED_CHAINS = 3;
/** Demand-per-store ratios beyond which a site reads as under-served (above) or saturated (below). */
const UNDER_SERVED = 1.25;
const SATURATED = 0.8;

/** The competition facts behind the competition sub-score. */
export interface BalanceFacts {
  /** Huff pressure of the competitors. */
  pressure: number;
  /** Demand a new store would capture here (`demandPerStore`). */
  demandPerStore: number;
  /** The region's typical store's (`typicalDemandPerStore`). */
  typical: number;
  /** Trust in the mapped competitors, 0-1 (`DataConfidence.competitionTrust`). */
  trust: number;
}

/** ` 2 of them are chain locations: Starbucks ×2.` (brands with most locations first), or nothing without chains. */
function chainSentence(competition: CompetitorSearch): string {
  if (competition.chainCount === 0) return '';
  const byBrand = new Map<string, number>();
  for (const competitor of competition.competitors) {
    if (competitor.chain && competitor.brand !== null) byBrand.set(competitor.brand, (byBrand.get(competitor.brand) ?? 0) + 1);
  }
  const brands = [...byBrand.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en'));
  const named = brands.slice(0, NAMED_CHAINS).map(([brand, count]) => (count === 1 ? brand : `${brand} ×${count}`));
  const more = brands.length > NAMED_CHAINS ? ` and ${countNoun(brands.length - NAMED_CHAINS, 'other brand')}` : '';
  const share =
    competition.chainCount === competition.count
      ? competition.count === 1
        ? 'It is a chain location'
        : `All ${competition.count} are chain locations`
      : `${formatWholeNumber(competition.chainCount)} of them ${competition.chainCount === 1 ? 'is a chain location' : 'are chain locations'}`;
  return ` ${share}${named.length > 0 ? `: ${named.join(', ')}${more}` : ''}.`;
}

/**
 * How the demand per store here compares with the region's typical store, in words.
 *
 * @param balance - demand per store here and the region's typical
 * @param noun - the category noun
 * @param regionName - the region's name
 * @param competitors - competitors within the radius (with none, a low ratio means thin demand, not saturation)
 */
export function balanceSentence(balance: BalanceFacts, noun: string, regionName: string, competitors: number): string {
  const ratio = balance.demandPerStore / balance.typical;
  const times = ratio >= 10 ? Math.round(ratio).toString() : ratio.toFixed(1);
  const low = competitors === 0 ? 'too little demand here for a typical store' : 'saturated';
  const reading = ratio >= UNDER_SERVED ? 'under-served' : ratio <= SATURATED ? low : 'served like the region';
  return `A new store would capture about ${times}× the demand of ${regionName}'s typical ${noun} place (Huff share against the competitors): ${reading}.`;
}

/**
 * The competition insight: how many competitors, the nearest, their rating
 * and chains, and the balance of demand per store against the region's
 * typical store. Without competitors in the radius it names the nearest
 * one in the region, or says none is mapped in the region at all (never a
 * distance larger than the region).
 *
 * @param competition - competitors within the category radius
 * @param nearestOutside - the nearest place of the category in the region when none is within the radius
 * @param balance - demand per store here and the region's typical
 * @param context - the category noun, region name and how many places the region maps
 */
export function competitionInsight(
  competition: CompetitorSearch,
  nearestOutside: NearbyCompetitor | null,
  balance: BalanceFacts,
  context: { noun: string; regionName: string; categoryPlaces: number },
): Insight {
  const { noun, regionName, categoryPlaces } = context;
  const radius = metres(competition.radiusMetres);
  const first = competition.competitors[0];
  if (categoryPlaces === 0) {
    return {
      headline: `No ${noun} place mapped in ${regionName}`,
      detail: `OpenStreetMap holds no ${noun} place anywhere in ${regionName}, so the competition here is unknown: the competition sub-score is held at the neutral 5.`,
    };
  }
  const balanceText = ` ${balanceSentence(balance, noun, regionName, competition.count)}`;
  if (first === undefined) {
    const nearest = nearestOutside === null ? '' : ` The nearest is ${nearestOutside.name}, ${metres(nearestOutside.distanceMetres)} away.`;
    return { headline: `No ${noun} competitor within ${radius}`, detail: `${nearest.trim()}${balanceText}`.trim() };
  }
  const rated = competition.competitors.filter((competitor) => competitor.rating !== null).length;
  const rating =
    competition.averageRating === null ? '' : ` Average rating ${competition.averageRating.toFixed(1)}★ across ${countNoun(rated, 'rated place')}.`;
  return {
    headline: `${countNoun(competition.count, `${noun} competitor`)} within ${radius}`,
    detail: `Nearest: ${first.name}, ${metres(first.distanceMetres)} away${first.rating === null ? '' : ` (${first.rating.toFixed(1)}★)`}.${rating}${chainSentence(competition)}${balanceText}`,
  };
}
