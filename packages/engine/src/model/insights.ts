import type { GeocodePrecision, Insight } from '@locscore/schema';
import type { CompetitorSearch, NearbyCompetitor } from '../places/competitor-index.js';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import { DEMAND_NOUNS, type DemandKind } from '../market/demand-kinds.js';
import type { DemandDriver } from '../market/market-fit.js';
import type { MarketSearch } from '../market/market-index.js';
import { MODE_NOUNS, primaryMode } from '../transit/modes.js';
import { BUS_STOP_CATCHMENT_METRES, type TransitAccess } from '../transit/transit-index.js';
import { formatWholeNumber } from './whole-number.js';

/** Walking speed used to turn distances into minutes, metres per minute (Walk Score's 5 minutes per 400 m). */
export const WALK_METRES_PER_MINUTE = 80;

/** Everything the insights are written from. */
export interface InsightInput {
  transit: TransitAccess;
  competition: CompetitorSearch;
  /** The nearest competitor beyond the radius, when there is none inside it. */
  nearestOutside: NearbyCompetitor | null;
  market: MarketSearch;
  /** How the address was located; a non-address-point match gets an insight. */
  geocode?: { precision: GeocodePrecision; matchedAddress: string };
}

const metres = (value: number): string => `${formatWholeNumber(Math.round(value))} m`;
const plural = (count: number, one: string, many: string): string => `${formatWholeNumber(count)} ${count === 1 ? one : many}`;

function transitInsight({ nearest, busStops }: TransitAccess): Insight {
  const buses =
    busStops.length === 0
      ? `no bus stop within ${BUS_STOP_CATCHMENT_METRES} m`
      : `${plural(busStops.length, 'bus stop', 'bus stops')} within ${BUS_STOP_CATCHMENT_METRES} m (nearest: ${busStops[0]?.item.name ?? 'unnamed'}, ${metres(busStops[0]?.distanceMetres ?? 0)})`;
  if (nearest === null) {
    return { headline: 'No rapid transit within 5 km', detail: `No metro, rail, light-rail or tram station within 5 km; ${buses}.` };
  }
  const { station, distanceMetres } = nearest;
  const minutes = Math.max(1, Math.round(distanceMetres / WALK_METRES_PER_MINUTE));
  const catchment = distanceMetres <= 800 ? 'inside' : 'outside';
  return {
    headline: `${station.name} ${MODE_NOUNS[primaryMode(station)]} station ${metres(distanceMetres)} away`,
    detail: `About a ${minutes}-minute walk, ${catchment} the 800 m station catchment; ${buses}.`,
  };
}

function competitionInsight(competition: CompetitorSearch, nearestOutside: NearbyCompetitor | null): Insight {
  const { label } = CATEGORY_DEFINITIONS[competition.category];
  const noun = label.toLowerCase();
  const radius = metres(competition.radiusMetres);
  const first = competition.competitors[0];
  if (first === undefined) {
    return {
      headline: `No ${noun} competitors within ${radius}`,
      detail:
        nearestOutside === null
          ? `No mapped ${noun} place within 10 km of the address.`
          : `The nearest is ${nearestOutside.name}, ${metres(nearestOutside.distanceMetres)} away, outside the ${radius} radius.`,
    };
  }
  const rated = competition.competitors.filter((competitor) => competitor.rating !== null).length;
  const rating =
    competition.averageRating === null
      ? ` No rating is known for ${competition.count === 1 ? 'it' : 'them'}.`
      : ` Average rating ${competition.averageRating.toFixed(1)} across ${plural(rated, 'rated place', 'rated places')}.`;
  return {
    headline: `${plural(competition.count, `${noun} competitor`, `${noun} competitors`)} within ${radius}`,
    detail: `Nearest: ${first.name}, ${metres(first.distanceMetres)} away${first.rating === null ? '' : ` (${first.rating.toFixed(1)}★)`}.${rating}${chainSentence(competition)}`,
  };
}

/** Most brands named in the chain sentence. */
const NAMED_CHAINS = 3;

/** ` 2 of them chain locations: Starbucks ×2.` (brands with most locations first), or nothing without chains. */
function chainSentence(competition: CompetitorSearch): string {
  if (competition.chainCount === 0) return '';
  const byBrand = new Map<string, number>();
  for (const competitor of competition.competitors) {
    if (competitor.chain && competitor.brand !== null) byBrand.set(competitor.brand, (byBrand.get(competitor.brand) ?? 0) + 1);
  }
  const brands = [...byBrand.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en'));
  const named = brands.slice(0, NAMED_CHAINS).map(([brand, count]) => (count === 1 ? brand : `${brand} ×${count}`));
  const more = brands.length > NAMED_CHAINS ? ` and ${plural(brands.length - NAMED_CHAINS, 'other brand', 'other brands')}` : '';
  const share =
    competition.chainCount === competition.count
      ? competition.count === 1
        ? 'It is a chain location'
        : `All ${competition.count} are chain locations`
      : `${formatWholeNumber(competition.chainCount)} of them ${competition.chainCount === 1 ? 'is a chain location' : 'are chain locations'}`;
  return ` ${share}: ${named.join(', ')}${more}.`;
}

const KIND_TITLES: Readonly<Record<DemandKind, string>> = {
  residents: 'residents',
  households: 'households',
  spending: 'household spending power',
  addresses: 'residential density (mapped addresses)',
  offices: 'office workers',
  schools: 'schools',
  universities: 'colleges and universities',
  retail: 'retail traffic',
  dining: 'food and drink traffic',
  healthcare: 'medical visits',
  parks: 'parks',
  roads: 'major-road access',
};

/** The households (or residents) in the catchment and their median income, for the spending driver. */
function spendingAmount({ population, catchmentMetres }: MarketSearch): string {
  const median = population?.medianIncome ?? null;
  const households = population?.households ?? null;
  const who = households === null ? `${formatWholeNumber(Math.round(population?.residents ?? 0))} residents` : `${formatWholeNumber(Math.round(households))} households`;
  return `${who} within ${metres(catchmentMetres)}${median === null ? '' : ` with a median household income of ${formatWholeNumber(Math.round(median))}`}`;
}

function driverAmount(driver: DemandDriver, market: MarketSearch): string {
  if (driver.kind === 'roads') {
    const road = market.nearestRoad;
    if (road === null) return 'no major road within 3 km';
    return `${road.road.name ?? `an unnamed ${road.road.class} road`} (${road.road.class}) is ${metres(road.distanceMetres)} away`;
  }
  if (driver.kind === 'spending') return spendingAmount(market);
  if (driver.kind === 'residents' || driver.kind === 'households') {
    return `${formatWholeNumber(Math.round(driver.amount ?? 0))} ${DEMAND_NOUNS[driver.kind]} within ${metres(market.catchmentMetres)}`;
  }
  return `${formatWholeNumber(driver.amount ?? 0)} ${DEMAND_NOUNS[driver.kind]} within ${metres(market.catchmentMetres)}`;
}

function driverInsight(kind: 'Strongest' | 'Weakest', driver: DemandDriver, market: MarketSearch): Insight {
  const share = Math.round(driver.value * 100);
  return {
    headline: `${kind} demand driver: ${KIND_TITLES[driver.kind]}`,
    detail: `${capitalise(driverAmount(driver, market))}: ${share}% of saturation, ${Math.round(driver.weight * 100)}% of this category's market-fit weight.`,
  };
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The insights of a result, 2 to 6, each naming real places, distances and
 * counts: the nearest station (or its absence) and bus stops; the competitors
 * and the nearest one; the strongest and weakest demand drivers (by weighted
 * contribution and by value); and, when the address was not matched to a
 * mapped address point, how it was located.
 *
 * @param input - what the scoring found
 * @returns 2-6 insights, in that order
 */
export function buildInsights(input: InsightInput): Insight[] {
  const insights: Insight[] = [transitInsight(input.transit), competitionInsight(input.competition, input.nearestOutside)];
  const drivers = input.market.drivers.filter((driver) => driver.weight > 0);
  const strongest = [...drivers].sort((a, b) => b.weight * b.value - a.weight * a.value)[0];
  const weakest = [...drivers].filter((driver) => driver.weight >= 0.1).sort((a, b) => a.value - b.value || b.weight - a.weight)[0];
  if (strongest !== undefined) insights.push(driverInsight('Strongest', strongest, input.market));
  if (weakest !== undefined && weakest !== strongest) insights.push(driverInsight('Weakest', weakest, input.market));
  const geocode = input.geocode;
  if (geocode !== undefined && geocode.precision !== 'address_point') {
    const how: Record<GeocodePrecision, string> = {
      address_point: 'at its mapped address point',
      interpolated: 'by interpolating between mapped house numbers on the street',
      street: 'at its street, since no house number there is mapped',
      approximate: 'approximately, by a third-party geocoder',
    };
    const headlines: Record<GeocodePrecision, string> = {
      address_point: 'Located at the mapped address',
      interpolated: 'Located by interpolation',
      street: 'Located at street level',
      approximate: 'Located approximately',
    };
    insights.push({ headline: headlines[geocode.precision], detail: `${geocode.matchedAddress} was placed ${how[geocode.precision]}; distances are accurate to that.` });
  }
  return insights.slice(0, 6);
}
