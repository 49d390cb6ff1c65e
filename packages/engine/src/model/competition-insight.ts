import type { Category, Insight } from '@locscore/schema';
import { DEMAND_MODEL } from '../market/demand-model.js';
import type { CompetitorSearch, NearbyCompetitor } from '../places/competitor-index.js';
import { relativeDemand, UNKNOWN_COMPETITION } from './competition.js';
import { metres, outOfTen } from './insight-text.js';
import { countNoun } from './plural.js';
import { formatWholeNumber } from './whole-number.js';

/** Most brands named in the chain sentence. */
const NAMED_CHAINS = 3;
/** Supply-to-demand ratios (against the typical store) beyond which a site reads as saturated (above) or under-served (below). */
const SATURATED = 1.25;
const UNDER_SERVED = 0.8;

/** The competition facts behind the competition sub-score. */
export interface SupplyFacts {
  /** Huff supply of the competitors within the radius. */
  supply: number;
  /** The site's demand logit. */
  logit: number;
  /** Whether the competition can be known (`DataConfidence.competitionKnown`). */
  known: boolean;
  /** The competition sub-score. */
  score: number;
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
 * How the supply here compares with what the catchment's demand supports,
 * against the typical store of the category, in words.
 *
 * @param facts - the supply and demand at the site
 * @param category - the franchise category
 * @param noun - the category noun
 */
export function supplySentence(facts: SupplyFacts, category: Category, noun: string): string {
  const fit = DEMAND_MODEL.categories[category];
  const ratio = facts.supply / (fit.typicalSupply * relativeDemand(facts.logit, fit));
  const times = ratio >= 10 ? Math.round(ratio).toString() : ratio.toFixed(1);
  const reading = ratio >= SATURATED ? 'saturated' : ratio <= UNDER_SERVED ? 'under-served' : 'served like a typical market';
  return `Competitors here offer about ${times}× the supply that this catchment's demand carries around a typical ${noun} place: ${reading} (competition ${outOfTen(facts.score)}).`;
}

/**
 * The competition insight: how many competitors, the nearest, their rating
 * and chains, and the supply against the catchment's demand. With none in
 * the radius and a known market, an open market; where the competition
 * cannot be known (the category not mapped in the pack, a sparsely mapped
 * trade area), that it is unknown and held at 5, never a lever.
 *
 * @param competition - competitors within the category radius
 * @param nearestOutside - the nearest place of the category in the pack when none is within the radius
 * @param facts - supply, demand and whether the market is known
 * @param context - the category, its noun, the region's name and how many places the pack maps
 */
export function competitionInsight(
  competition: CompetitorSearch,
  nearestOutside: NearbyCompetitor | null,
  facts: SupplyFacts,
  context: { category: Category; noun: string; regionName: string; categoryPlaces: number },
): Insight {
  const { noun, regionName, categoryPlaces } = context;
  const radius = metres(competition.radiusMetres);
  const first = competition.competitors[0];
  if (categoryPlaces === 0) {
    return {
      headline: `No ${noun} place mapped in the ${regionName} pack`,
      detail: `The map holds no ${noun} place anywhere in the pack, so the competition here is unknown, not absent: competition is held at ${outOfTen(UNKNOWN_COMPETITION)} and is not a lever.`,
    };
  }
  const unknown = facts.known
    ? ''
    : ` The trade area is not mapped well enough to trust what is missing: competition is held at ${outOfTen(UNKNOWN_COMPETITION)} and is not a lever.`;
  if (first === undefined) {
    const nearest = nearestOutside === null ? '' : `The nearest is ${nearestOutside.name}, ${metres(nearestOutside.distanceMetres)} away.`;
    const open = facts.known ? ` An open market: competition ${outOfTen(facts.score)}.` : unknown;
    return { headline: `No ${noun} competitor within ${radius}`, detail: `${nearest}${open}`.trim() };
  }
  const rated = competition.competitors.filter((competitor) => competitor.rating !== null).length;
  const rating =
    competition.averageRating === null ? '' : ` Average rating ${competition.averageRating.toFixed(1)}★ across ${countNoun(rated, 'rated place')}.`;
  const balance = facts.known ? ` ${supplySentence(facts, context.category, noun)}` : unknown;
  return {
    headline: `${countNoun(competition.count, `${noun} competitor`)} within ${radius}`,
    detail: `Nearest: ${first.name}, ${metres(first.distanceMetres)} away${first.rating === null ? '' : ` (${first.rating.toFixed(1)}★)`}.${rating}${chainSentence(competition)}${balance}`,
  };
}
